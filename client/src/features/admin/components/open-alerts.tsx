import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import { useAcknowledgeAlertMutation, useGetAlertsQuery } from '../api/admin-dashboard.api';

const KIND_LABELS: Record<string, string> = {
  float_low: 'Supplier float low',
  supplier_float: 'Supplier float exhausted',
  purchase_sla: 'Purchase past its deadline',
  supplier_mismatch: 'Supplier disagrees',
  supplier_answer_mismatch: 'Supplier answered about another order',
  supplier_reversal: 'Supplier reversed a sale',
  float_mismatch: 'Supplier float moved more than our cost',
  auto_refund: 'Refunded after 24 h',
  supplier_health: 'Supplier health changed',
};

/**
 * Alerts no admin has acknowledged yet (float low, purchases past the deadline, supplier
 * mismatches …), each with Acknowledge (admins). `compact` shows the five newest, for the dashboard.
 */
export const OpenAlerts = ({ compact = false }: { compact?: boolean }) => {
  const isAdmin = useAppSelector((s) => s.auth.isAdmin || s.auth.user?.isAdmin === true);
  const { data, isError } = useGetAlertsQuery({ open: true });
  const [acknowledge, { isLoading }] = useAcknowledgeAlertMutation();
  const alerts = data?.alerts ?? [];
  const shown = compact ? alerts.slice(0, 5) : alerts;
  if (compact && alerts.length === 0) return null;

  return (
    <section className="card" id="alerts" aria-labelledby="alerts-title">
      <div className="admin-head">
        <h2 className="card-title" id="alerts-title">
          Open alerts {data ? `(${alerts.length})` : ''}
        </h2>
        {compact && alerts.length > shown.length && (
          <Link to="/admin/pending#alerts">All alerts</Link>
        )}
      </div>
      {isError && <p className="muted">The alerts could not load.</p>}
      {data && alerts.length === 0 && <p className="muted">Nothing needs you right now.</p>}
      <ul className="admin-plain-list" aria-label="Open alerts">
        {shown.map((alert) => (
          <li key={alert.id} className="admin-row-button" data-testid="alert">
            <span className="admin-row-main">
              <strong>{KIND_LABELS[alert.kind] ?? alert.kind.replaceAll('_', ' ')}</strong>
              <span className="small admin-wrap">{alert.message}</span>
              <span className="muted small">{formatDateTime(alert.createdAt)}</span>
            </span>
            {isAdmin && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={isLoading}
                onClick={() => {
                  acknowledge(alert.id)
                    .unwrap()
                    .then((answer) => toast.success(answer.msg))
                    .catch((error: unknown) => toast.error(errorMessage(error)));
                }}
              >
                Acknowledge
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};
