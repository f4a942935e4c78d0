import type { TWebhookEventSummary } from '@vendo/shared/schemas/webhooks.responses';
import { useState } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import {
  useGetWebhookDeliveriesQuery,
  useResendWebhookEventMutation,
} from '../api/webhook-deliveries.api';

const formatTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_CLASS: Record<TWebhookEventSummary['status'], string> = {
  delivered: 'status-success',
  pending: 'status-pending',
  failed: 'status-failed',
};

/** The last answer of an event's endpoint, in a few words. */
const lastResult = (event: TWebhookEventSummary): string => {
  if (event.lastStatusCode !== null) return `HTTP ${event.lastStatusCode}`;
  if (event.lastError) return event.lastError;
  return 'Not sent yet';
};

/** The caller's webhook events, newest first, 20 a page: what happened and how sending went. */
export const WebhookDeliveryLog = () => {
  const [page, setPage] = useState(1);
  const log = useGetWebhookDeliveriesQuery(page);
  const [resend, resending] = useResendWebhookEventMutation();

  const onResend = async (id: string) => {
    try {
      toast.success((await resend(id).unwrap()).msg);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const events = log.data?.events ?? [];
  return (
    <section className="card developer-card" aria-labelledby="webhook-log-title">
      <h2 className="card-title" id="webhook-log-title">
        Webhook deliveries
      </h2>
      {log.isError && <p className="form-alert">{errorMessage(log.error)}</p>}
      {log.isSuccess && events.length === 0 && (
        <p className="muted small">No events yet. They appear here as your transactions settle.</p>
      )}
      {events.length > 0 && (
        <ul className="webhook-events" aria-label="Webhook events">
          {events.map((event) => (
            <li key={event._id} className="webhook-event">
              <div className="webhook-event-head">
                <strong>{event.type}</strong>
                <span className={`status-badge ${STATUS_CLASS[event.status]}`}>{event.status}</span>
              </div>
              <dl className="webhook-event-facts small">
                <div>
                  <dt>Transaction</dt>
                  <dd>{event.reference ?? event.transactionId}</dd>
                </div>
                <div>
                  <dt>Created</dt>
                  <dd>{formatTime(event.createdAt)}</dd>
                </div>
                <div>
                  <dt>Attempts</dt>
                  <dd>{event.attempts}</dd>
                </div>
                <div>
                  <dt>Last result</dt>
                  <dd>{lastResult(event)}</dd>
                </div>
              </dl>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void onResend(event._id)}
                disabled={resending.isLoading}
                aria-label={`Resend ${event.type} for ${event.reference ?? event.transactionId}`}
              >
                Resend
              </button>
            </li>
          ))}
        </ul>
      )}
      {log.data && (
        <Pagination
          page={log.data.page}
          totalPages={log.data.totalPages}
          onPage={setPage}
          label="Webhook event pages"
        />
      )}
    </section>
  );
};
