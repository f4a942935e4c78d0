import { ZNotificationRequest } from '@vendo/shared/schemas/catalogue-admin';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/ui/form-alert';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useGetNotificationQuery, usePublishNotificationMutation } from '../api/notification.api';
import { SettingsSection } from './settings-section';

/** The message every user sees once, until they press OK (docs/product-rules.md#catalogue). */
export const NotificationSection = () => {
  const { data } = useGetNotificationQuery(undefined);
  const form = useForm({ msg: '' });
  const [publish, { isLoading: saving }] = usePublishNotificationMutation();

  const onSubmit = form.handleSubmit(
    async () => {
      const { msg } = form.values;
      if (!form.check(validate(ZNotificationRequest, { msg }))) return;
      toast.success((await publish({ msg }).unwrap()).msg);
      form.set('msg', '');
    },
    { errorIn: 'both' },
  );

  return (
    <SettingsSection
      id="notification"
      title="Notification"
      lead="Shown to every user when they next open the app, until they press OK."
    >
      <div className="current-notice" data-testid="current-notification">
        <p className="field-label">Current message</p>
        <p className={data?.msg ? 'current-notice-text' : 'muted'}>{data?.msg || 'None'}</p>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Notification">
        <FormAlert message={form.alert} id={form.alertId} />
        <div className="field">
          <label className="field-label" htmlFor="notification-msg">
            New message
          </label>
          <textarea
            className="input textarea"
            id="notification-msg"
            rows={3}
            maxLength={1000}
            {...form.bind('msg')}
            aria-invalid={form.alert ? true : undefined}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Publishing...' : 'Publish'}
        </button>
      </form>
    </SettingsSection>
  );
};
