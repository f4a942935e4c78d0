import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { Icon } from '@/components/ui/icon';
import { copyIcon } from '@/components/ui/app-icons';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import {
  useGetWebhookSettingsQuery,
  useRotateWebhookSecretMutation,
  useUpdateWebhookMutation,
} from '../api/webhook-settings.api';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import '../developers.css';

/** A secret the server answered once: shown here until the user leaves the page. */
const SecretOnce = ({ secret }: { secret: string }) => {
  const copy = async () => {
    if (await copyText(secret)) toast.success('Webhook secret copied');
  };
  return (
    <div className="secret-once" role="region" aria-label="New webhook secret">
      <p className="small">
        <strong>Copy your secret now:</strong> it will not be shown again.
      </p>
      <div className="copy-row">
        <label className="visually-hidden" htmlFor="webhook-secret">
          Webhook secret
        </label>
        <input className="input mono" id="webhook-secret" value={secret} readOnly />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          <Icon path={copyIcon} size={16} /> Copy
        </button>
      </div>
    </div>
  );
};

/**
 * Account page, every account (any may buy through the API): the webhook URL (checked on the server: public https only), the
 * signing secret (shown once when made, then its last 4 characters; rotation after a
 * confirmation) and the delivery log with Resend.
 */
export const WebhookSection = () => {
  const settings = useGetWebhookSettingsQuery(undefined);
  const [updateWebhook, updating] = useUpdateWebhookMutation();
  const [rotateSecret, rotating] = useRotateWebhookSecretMutation();
  // The URL as typed; null shows the saved one (it arrives after the first render).
  const [draft, setDraft] = useState<string | null>(null);
  const form = useForm({});
  const [notice, setNotice] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  // The confirm opens on Cancel (a second Enter must not rotate) and gives focus back on close.
  const cancelRotate = useRef<HTMLButtonElement>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirmRotate) cancelRotate.current?.focus();
    else if (wasConfirming.current) rotateButton.current?.focus();
    wasConfirming.current = confirmRotate;
  }, [confirmRotate]);
  const url = draft ?? settings.data?.webhookUrl ?? '';
  const hint = settings.data?.webhookSecretHint ?? null;

  // The server checks the URL (public https only) and its message shows in the alert.
  const onSave = form.handleSubmit(
    async () => {
      form.clearAlert();
      setNotice(null);
      const saved = await updateWebhook({ webhookUrl: url.trim() }).unwrap();
      setNotice(saved.msg);
      setDraft(null);
      if (saved.webhookSecret) setSecret(saved.webhookSecret);
    },
    { errorIn: 'alert' },
  );

  const onRotate = async () => {
    form.clearAlert();
    setNotice(null);
    try {
      const rotated = await rotateSecret(undefined).unwrap();
      setConfirmRotate(false);
      setNotice(rotated.msg);
      if (rotated.webhookSecret) setSecret(rotated.webhookSecret);
    } catch (error) {
      form.fail(errorMessage(error));
    }
  };

  return (
    <>
      <section className="card developer-card" aria-labelledby="webhooks-title">
        <h2 className="card-title" id="webhooks-title">
          Webhooks
        </h2>
        <p className="muted small">
          When one of your transactions succeeds, is refunded or fails, or a deposit is credited, we
          POST a signed JSON event to your URL. Check its Vendo-Webhook-Signature header with your
          secret before trusting it.
        </p>
        <form className="form" onSubmit={onSave} noValidate aria-label="Webhook URL">
          <FormAlert message={form.alert} id={form.alertId} />
          {notice && (
            <p className="notice notice-success" role="status">
              {notice}
            </p>
          )}
          <TextField
            label="Webhook URL"
            name="webhookUrl"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            onChange={(event) => setDraft(event.target.value)}
            invalid={form.alert !== null}
            errorId={form.alert !== null ? form.alertId : undefined}
            hint="A public https address. Leave it empty and save to stop webhooks."
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={updating.isLoading}>
            Save
          </button>
        </form>

        <div className="webhook-secret">
          <h3 className="small-title">Signing secret</h3>
          <p className="small" data-testid="webhook-secret-hint">
            {hint ? (
              <>
                Ends in <code>{hint}</code>
              </>
            ) : (
              'None yet: saving a URL creates one.'
            )}
          </p>
          {secret && <SecretOnce secret={secret} />}
          {confirmRotate ? (
            <div
              className="rotate-confirm"
              role="group"
              aria-label="Rotate secret"
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !rotating.isLoading) setConfirmRotate(false);
              }}
            >
              <p className="small">
                Your current secret stops working at once: events are signed with the new one.
              </p>
              <div className="dialog-actions">
                <button
                  ref={cancelRotate}
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setConfirmRotate(false)}
                  disabled={rotating.isLoading}
                >
                  Cancel
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void onRotate()}
                  disabled={rotating.isLoading}
                >
                  Rotate now
                </button>
              </div>
            </div>
          ) : (
            <button
              ref={rotateButton}
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => setConfirmRotate(true)}
            >
              Rotate secret
            </button>
          )}
        </div>
      </section>
      <WebhookDeliveryLog />
    </>
  );
};
