import { ZNotificationRequest } from '@vendo/shared/schemas/catalogue-admin';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-error';
import { validate } from '@/lib/validation';
import { useGetNotificationQuery, usePublishNotificationMutation } from '../api/notification.api';
import { SettingsSection } from './settings-section';

/** The message every user sees once, until they press OK (docs/product-rules.md#catalogue). */
export const NotificationSection = () => {
  const { data } = useGetNotificationQuery(undefined);
  const [msg, setMsg] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [publish, { isLoading: saving }] = usePublishNotificationMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZNotificationRequest, { msg });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    try {
      toast.success((await publish({ msg }).unwrap()).msg);
      setMsg('');
    } catch (cause) {
      const message = errorMessage(cause);
      setError(message);
      toast.error(message);
    }
  };

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
        <FormAlert message={error} />
        <div className="field">
          <label className="field-label" htmlFor="notification-msg">
            New message
          </label>
          <textarea
            className="input textarea"
            id="notification-msg"
            name="msg"
            rows={3}
            maxLength={1000}
            value={msg}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setMsg(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Publishing...' : 'Publish'}
        </button>
      </form>
    </SettingsSection>
  );
};
