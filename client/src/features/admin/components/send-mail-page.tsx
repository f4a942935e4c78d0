import { ZSendMailRequest } from '@vendo/shared/schemas/admin';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import '../admin.css';
import {
  useGetMailCampaignQuery,
  useLazyGetMailRecipientsQuery,
  useSendMailMutation,
} from '../api/mail-and-coupons.api';

const POLL_MS = 1500;

/** The progress of a mail to every user, asked again until nothing is left to send. */
const Progress = ({ campaignId }: { campaignId: number }) => {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const { data } = useGetMailCampaignQuery(campaignId, { pollingInterval: done ? 0 : POLL_MS });
  if (data && data.pending === 0 && !done) setDone(true);
  const finished = (data?.sent ?? 0) + (data?.failed ?? 0);
  return (
    <section className="card" aria-labelledby="progress-title" aria-live="polite">
      <h2 className="card-title" id="progress-title">
        {done ? 'Mail sent' : 'Sending...'}
      </h2>
      <progress
        className="admin-progress"
        max={data?.total || 1}
        value={finished}
        aria-label="Mail progress"
      />
      <p data-testid="mail-progress">
        {data
          ? `${data.sent} sent, ${data.failed} failed, ${data.pending} to go, of ${data.total}`
          : 'Starting...'}
      </p>
      <p className="muted small">
        You can leave this page: the mail keeps going, and a restart does not send anyone twice.
      </p>
      {done && (
        <button type="button" className="btn btn-primary" onClick={() => void navigate('/profile')}>
          Done
        </button>
      )}
    </section>
  );
};

/**
 * /admin/sendMail (admins, docs/product-rules.md#admin-mail): subject, message, an optional link
 * with its text, and a username, or blank for every user. One user is mailed at once and the admin
 * goes to /profile; every user is mailed in the background with progress here.
 */
export const SendMailPage = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm({
    subject: '',
    message: '',
    url: '',
    linkMessage: '',
    userAccount: params.get('userAccount') ?? '',
  });
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const [send, { isLoading }] = useSendMailMutation();
  const everyone = form.values.userAccount.trim() === '';

  // A mail to every user is confirmed first, naming how many it reaches.
  const [countRecipients] = useLazyGetMailRecipientsQuery();
  const [confirming, setConfirming] = useState<number | null>(null);

  const sendNow = async () => {
    const answer = await send(form.values).unwrap();
    toast.success(answer.msg);
    if (everyone) setCampaignId(answer.campaignId);
    else void navigate('/profile');
  };

  const onSubmit = form.handleSubmit(
    async () => {
      if (!form.check(validate(ZSendMailRequest, form.values))) return;
      if (everyone) {
        setConfirming((await countRecipients(undefined).unwrap()).recipients);
        return;
      }
      await sendNow();
    },
    { errorIn: 'both' },
  );

  const onConfirm = form.handleSubmit(
    async () => {
      setConfirming(null);
      await sendNow();
    },
    { errorIn: 'both' },
  );

  if (campaignId !== null) {
    return (
      <div className="admin-page">
        <Progress campaignId={campaignId} />
      </div>
    );
  }

  return (
    <div className="admin-page">
      <section className="card form-card" aria-labelledby="mail-title">
        <h1 className="card-title" id="mail-title">
          Send email
        </h1>
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormAlert message={form.alert} id={form.alertId} />
          <TextField
            label="To (username; leave blank for every user)"
            autoComplete="off"
            maxLength={60}
            {...form.bind('userAccount')}
          />
          <TextField label="Subject" maxLength={200} {...form.bind('subject')} />
          <div className="field">
            <label className="field-label" htmlFor="mail-message">
              Message
            </label>
            <textarea
              className="input textarea"
              id="mail-message"
              rows={6}
              maxLength={10_000}
              {...form.bind('message')}
            />
          </div>
          <TextField
            label="Link (optional, http:// or https://)"
            type="url"
            inputMode="url"
            maxLength={500}
            {...form.bind('url')}
          />
          <TextField label="Link text (optional)" maxLength={100} {...form.bind('linkMessage')} />
          <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
            {isLoading
              ? 'Sending...'
              : everyone
                ? 'Send to every user'
                : `Send to ${form.values.userAccount.trim()}`}
          </button>
        </form>
      </section>
      {confirming !== null && (
        <Dialog
          title="Send to every user?"
          description={`This mails ${confirming.toLocaleString('en-NG')} user${confirming === 1 ? '' : 's'}. It cannot be stopped once it starts.`}
          onClose={() => setConfirming(null)}
        >
          <form className="dialog-actions" onSubmit={(event) => void onConfirm(event)}>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(null)}
              data-autofocus
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isLoading}>
              Send to {confirming.toLocaleString('en-NG')} users
            </button>
          </form>
        </Dialog>
      )}
    </div>
  );
};
