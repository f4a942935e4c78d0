import { formatNairaAmount } from '@vendo/shared/money';
import type { TManagedPlan, TPlanPriceChange } from '@vendo/shared/schemas/catalogue-admin';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useGetPlanHistoryQuery } from '../api/get-plan-history.api';
import { planTitle } from '../lib/plan-title';

type TPrices = TPlanPriceChange['after'];

const FIELDS: { key: keyof TPrices; label: string }[] = [
  { key: 'costPrice', label: 'Cost' },
  { key: 'smartEarnerPrice', label: 'Smart earner' },
  { key: 'resellerPrice', label: 'Reseller' },
  { key: 'apiPrice', label: 'API' },
  { key: 'partnerPrice', label: 'Partner' },
  { key: 'isAvailable', label: 'Available' },
];

const show = (value: TPrices[keyof TPrices]) =>
  value === null
    ? '—'
    : typeof value === 'boolean'
      ? value
        ? 'Yes'
        : 'No'
      : formatNairaAmount(value);

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** What one change did: every field that moved, or the first prices when the plan was added. */
const changedFields = ({ before, after }: TPlanPriceChange) =>
  FIELDS.filter(({ key }) => before === null || before[key] !== after[key]).map(
    ({ key, label }) => ({
      label,
      text: before === null ? show(after[key]) : `${show(before[key])} → ${show(after[key])}`,
    }),
  );

/** A plan's price history (admins): who changed what and when, newest first. */
export const PlanHistoryDialog = ({
  plan,
  onClose,
}: {
  plan: TManagedPlan;
  onClose: () => void;
}) => {
  const { data, isError, isLoading } = useGetPlanHistoryQuery(plan._id, {
    refetchOnMountOrArgChange: true,
  });
  const history = [...(data?.history ?? [])].sort((a, b) => b.at.localeCompare(a.at));

  return (
    <Dialog title="Price history" description={planTitle(plan)} onClose={onClose} wide>
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <p className="form-alert" role="alert">
          The history could not be loaded.
        </p>
      ) : history.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <ol className="history-list" aria-label="Changes">
          {history.map((change) => (
            <li key={`${change.at}-${change.by ?? ''}`}>
              <p className="history-head">
                <strong>{change.before === null ? 'Added' : 'Changed'}</strong>{' '}
                <span className="muted small">
                  {when(change.at)} · {change.by ?? 'system'}
                </span>
              </p>
              <dl className="history-fields">
                {changedFields(change).map((field) => (
                  <div key={field.label}>
                    <dt>{field.label}</dt>
                    <dd>{field.text}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
};
