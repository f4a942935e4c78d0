import { formatNairaAmount } from '@vendo/shared/money';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format-date';
import { useForm } from '@/lib/use-form';
import '../admin.css';
import { useGetReconciliationsQuery, useReconcileSuppliersMutation } from '../api/oversight.api';

const KIND_LABELS: Record<string, string> = {
  refunded_but_delivered: 'We refunded, they delivered',
  sold_but_failed: 'We sold, they failed',
  unanswered: 'No definite answer',
  answer_mismatch: 'Answer about another order',
  refunded_by_reversal: 'They reversed it: refunded',
};

/**
 * /admin/reconciliation (admins): every purchase of a Lagos day compared with the supplier's own
 * status. The ledger check proves our books balance; this proves they agree with the suppliers'.
 */
export const ReconciliationPage = () => {
  const form = useForm({ day: '' });
  const runs = useGetReconciliationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: 5000,
  });
  const [reconcile, { isLoading }] = useReconcileSuppliersMutation();

  return (
    <div className="admin-page">
      <section className="card" aria-labelledby="reconcile-title">
        <h1 className="card-title" id="reconcile-title">
          Supplier reconciliation
        </h1>
        <form
          className="form"
          onSubmit={form.handleSubmit(async () => {
            const { day } = form.values;
            toast.success((await reconcile(day ? { date: day } : {}).unwrap()).msg);
          })}
        >
          <TextField label="Day (today if blank)" type="date" {...form.bind('day')} />
          <button type="submit" className="btn btn-primary" disabled={isLoading}>
            Reconcile with the suppliers
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="runs-title">
        <h2 className="card-title" id="runs-title">
          Runs
        </h2>
        {!runs.data && runs.isFetching && <Spinner />}
        {runs.data?.runs.length === 0 && <p className="muted">No reconciliation yet.</p>}
        <ul className="admin-cards admin-cards-always" aria-label="Reconciliation runs">
          {runs.data?.runs.map((run) => (
            <li key={run.id} className="admin-row-button" data-testid="reconciliation-run">
              <span className="admin-row-main">
                <strong>
                  {run.day} · {run.finishedAt ? `${run.checked} purchases checked` : 'running...'}
                </strong>
                <span className="muted small">Started {formatDateTime(run.startedAt)}</span>
                {run.finishedAt && run.mismatches.length === 0 && (
                  <span className="balance-ok small">Every purchase agrees with its supplier</span>
                )}
                {run.mismatches.map((m) => (
                  <span key={m.transactionId} className="small admin-wrap">
                    <span className="admin-tag admin-tag-warn">
                      {KIND_LABELS[m.kind] ?? m.kind}
                    </span>{' '}
                    {m.reference} ({m.supplier}): ours {m.ours}, theirs {m.theirs}
                  </span>
                ))}
                {run.floats.map((f) => (
                  <span key={f.supplier} className="small admin-wrap" data-testid="float-check">
                    <span
                      className={`admin-tag ${f.difference === 0 ? '' : 'admin-tag-warn'}`.trim()}
                    >
                      {f.difference === 0 ? 'Float agrees' : 'Float differs'}
                    </span>{' '}
                    {f.supplier}: moved {formatNairaAmount(f.movement)} for {f.measured} of{' '}
                    {f.delivered} delivered, cost {formatNairaAmount(f.cost)}
                    {f.difference !== 0 &&
                      `, ${formatNairaAmount(f.difference)} (${f.differing.join(', ')})`}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};
