import type { TSupplierHealthRequest } from '@vendo/shared/schemas/admin';
import type { TBreakerState, TSupplierHealth } from '@vendo/shared/schemas/admin.responses';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api-error';
import {
  useForceSupplierHealthMutation,
  useGetSupplierHealthQuery,
} from '../api/supplier-health.api';
import { SettingsSection } from './settings-section';

const STATE_LABELS: Record<TBreakerState, string> = {
  closed: 'Healthy',
  open: 'Failing: skipped',
  half_open: 'Testing recovery',
};

const STATE_CLASSES: Record<TBreakerState, string> = {
  closed: 'state-open',
  open: 'state-locked',
  half_open: 'state-testing',
};

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/** "92% of 24 attempts", or that nothing was measured yet. */
const measureOf = (breaker: TSupplierHealth) =>
  breaker.successRatio === null || breaker.sample === 0
    ? 'No attempts measured'
    : `${percent(breaker.successRatio)} of ${breaker.sample} attempt${breaker.sample === 1 ? '' : 's'} succeeded`;

const keyOf = (breaker: { supplier: string; product: string }) =>
  `${breaker.supplier}:${breaker.product}`;

/**
 * Supplier health (docs/product-rules.md#supplier-health): per supplier and product, what its
 * purchases follow (healthy, failing and skipped, or being tested), the last measure, and an
 * admin's force open or closed until cleared.
 */
export const SupplierHealthSection = () => {
  const { data, isError } = useGetSupplierHealthQuery(undefined);
  const [force, { isLoading: saving, originalArgs }] = useForceSupplierHealthMutation();

  const send = async (body: TSupplierHealthRequest) => {
    try {
      toast.success((await force(body).unwrap()).msg);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const rules = data?.rules;
  const lead = rules
    ? `Each supplier's share of successful purchases over the last ${rules.windowMinutes} min. Below ${percent(rules.threshold)} over at least ${rules.minSample}, its purchases go to the next supplier of their list (unless every one is failing); after ${rules.cooldownMinutes} min it is tested again on ${rules.probeSample}. A force holds until cleared.`
    : 'Each supplier’s share of successful purchases; a failing one is skipped until it recovers. A force holds until cleared.';

  const card = (breaker: TSupplierHealth) => {
    const name = `${breaker.supplier} ${breaker.product}`;
    const busy = saving && originalArgs !== undefined && keyOf(originalArgs) === keyOf(breaker);
    const target = { supplier: breaker.supplier, product: breaker.product } as Omit<
      TSupplierHealthRequest,
      'force'
    >;
    return (
      <li key={keyOf(breaker)} className="supplier-health-card" aria-label={name}>
        <div className="supplier-health-head">
          <p className="service-status-name">{name}</p>
          <p className={`service-state ${STATE_CLASSES[breaker.effectiveState]}`}>
            {STATE_LABELS[breaker.effectiveState]}
          </p>
        </div>
        <p className="muted small supplier-health-measure">
          {measureOf(breaker)}
          {breaker.forced && (
            <>
              {' · '}
              Forced {breaker.forced}
              {breaker.forcedBy ? ` by ${breaker.forcedBy}` : ''}; measured{' '}
              {STATE_LABELS[breaker.state].toLowerCase()}
            </>
          )}
        </p>
        <div className="supplier-health-actions">
          <button
            type="button"
            className="btn btn-danger btn-sm"
            disabled={busy || breaker.forced === 'open'}
            aria-label={`Force open: ${name}`}
            onClick={() => void send({ ...target, force: 'open' })}
          >
            Force open
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy || breaker.forced === 'closed'}
            aria-label={`Force closed: ${name}`}
            onClick={() => void send({ ...target, force: 'closed' })}
          >
            Force closed
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy || breaker.forced === null}
            aria-label={`Clear force: ${name}`}
            onClick={() => void send({ ...target, force: null })}
          >
            Clear force
          </button>
        </div>
      </li>
    );
  };

  return (
    <SettingsSection id="supplier-health" title="Supplier health" lead={lead}>
      {isError && !data ? (
        <p className="muted">The suppliers’ health could not be loaded.</p>
      ) : (
        <ul className="supplier-health-grid" aria-label="Each supplier by product">
          {(data?.breakers ?? []).map(card)}
        </ul>
      )}
    </SettingsSection>
  );
};
