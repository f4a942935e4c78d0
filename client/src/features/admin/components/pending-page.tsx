import { formatNairaAmount } from '@vendo/shared/money';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import '../admin.css';
import { useGetPendingPurchasesQuery } from '../api/admin-dashboard.api';
import { OpenAlerts } from './open-alerts';
import { TransactionActionsDialog } from '@/components/staff/transaction-actions-dialog';
import { networkOf, servedOf } from '@/lib/transaction-fields';

/**
 * /admin/pending (admins and agents): purchases the supplier has not confirmed yet, oldest
 * first, those past the deadline marked; each opens re-query and refund. The open alerts below.
 */
export const PendingPage = () => {
  const { data, isFetching, isError, refetch } = useGetPendingPurchasesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [open, setOpen] = useState<TTransaction | null>(null);
  const rows = data?.transactions ?? [];

  return (
    <div className="admin-page">
      <section className="card" aria-labelledby="pending-title">
        <div className="admin-head">
          <h1 className="card-title" id="pending-title">
            Pending queue {data ? `(${rows.length})` : ''}
          </h1>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            {isFetching ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
        <p className="muted small">
          Purchases still waiting for the supplier. They are re-queried automatically; re-query one
          now, or refund it once the supplier says it failed.
        </p>
        {!data && isFetching && <Spinner />}
        {isError && <p className="muted">The queue could not load.</p>}
        {data && rows.length === 0 && <p className="muted">No purchase is waiting.</p>}
        <ul className="admin-cards admin-cards-always" aria-label="Pending purchases">
          {rows.map((row) => (
            <li key={row._id}>
              <button type="button" className="admin-row-button" onClick={() => setOpen(row)}>
                <span className="admin-row-main">
                  <strong>
                    {row.trans_Type} · {networkOf(row)} · {formatNairaAmount(row.trans_amount)}
                  </strong>
                  <span className="muted small">
                    {row.trans_UserName} · {servedOf(row) ?? ''} · {formatDateTime(row.createdAt)}
                  </span>
                </span>
                <span>
                  {row.escalated ? (
                    <span className="admin-tag admin-tag-warn">Past deadline</span>
                  ) : (
                    <span className="admin-tag">{row.trans_Status}</span>
                  )}
                  <span className="muted small"> {row.attempts} tries</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <OpenAlerts />
      {open && <TransactionActionsDialog row={open} onClose={() => setOpen(null)} />}
    </div>
  );
};
