import { skipToken } from '@reduxjs/toolkit/query/react';
import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import type { TManagedPlan } from '@vendo/shared/schemas/catalogue-admin';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { editIcon, historyIcon, plusIcon, trashIcon } from '@/components/ui/app-icons';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-error';
import '@/styles/components/select.css';
import '../catalogue.css';
import { useDeletePlanMutation } from '../api/delete-plan.api';
import { useGetManagedPlansQuery } from '../api/get-managed-plans.api';
import { useSavePlanMutation } from '../api/save-plan.api';
import { availabilityRequest } from '../lib/plan-form';
import { planTitle } from '../lib/plan-title';
import { PlanDialog } from './plan-dialog';
import { PlanHistoryDialog } from './plan-history-dialog';
import { PriceDialog } from './price-dialog';
import { TierCell } from './tier-cell';

const NETWORK_OPTIONS = NETWORKS.map((network) => ({ value: network, label: network }));

type TOpenDialog =
  { kind: 'add' } | { kind: 'edit' | 'delete' | 'price' | 'history'; plan: TManagedPlan } | null;

/**
 * /profile/updatePrice (docs/product-rules.md#catalogue): a network's plans with their prices.
 * Admins also see cost and margins, add, edit, delete and hide plans, and read a plan's price
 * history; agents only change prices.
 */
export const UpdatePricePage = () => {
  const isAdmin = useAppSelector(({ auth }) => auth.isAdmin || auth.user?.isAdmin === true);
  const [network, setNetwork] = useState<TNetwork | ''>('');
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const { data, isError, isLoading, refetch } = useGetManagedPlansQuery(network || skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const [savePlan] = useSavePlanMutation();
  const [toggling, setToggling] = useState<string | null>(null);
  const [deletePlan, deleting] = useDeletePlanMutation();
  const plans = network ? (data?.plans ?? []) : [];

  const toggle = async (plan: TManagedPlan) => {
    setToggling(plan._id);
    try {
      const { msg } = await savePlan(availabilityRequest(plan, !plan.isAvailable)).unwrap();
      toast.success(msg);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setToggling(null);
    }
  };

  const confirmDelete = async (plan: TManagedPlan) => {
    try {
      const { msg } = await deletePlan(plan._id).unwrap();
      toast.success(msg);
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="card plan-page" aria-labelledby="plan-page-title">
      <div className="page-head">
        <div>
          <h1 className="card-title" id="plan-page-title">
            Update price
          </h1>
          <p className="muted small">
            {isAdmin
              ? 'Plans per network: prices, cost and margin per tier. Changes reach buyers at once.'
              : 'Change the prices of a network’s plans. Changes reach buyers at once.'}
          </p>
        </div>
        {isAdmin && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setDialog({ kind: 'add' })}
          >
            <Icon path={plusIcon} size={18} /> Add plan
          </button>
        )}
      </div>

      <div className="plan-filter">
        <SelectField
          label="Network"
          name="network"
          id="plan-page-network"
          placeholder="Select network"
          options={NETWORK_OPTIONS}
          value={network}
          onChange={(event) => setNetwork(event.target.value as TNetwork | '')}
        />
      </div>

      {!network ? (
        <div className="empty-state" data-testid="plans-no-network">
          <p>Please select a network</p>
        </div>
      ) : isError && !data ? (
        <div className="empty-state">
          <p>The plans could not be loaded.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : !isLoading && plans.length === 0 ? (
        <div className="empty-state" data-testid="no-plans">
          <p>{network} has no plans yet.</p>
        </div>
      ) : (
        <div className="plan-table-wrap">
          <table className={isAdmin ? 'plan-table plan-table-admin' : 'plan-table'}>
            <caption className="visually-hidden">{network} plans</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Type</th>
                <th scope="col">Validity</th>
                <th scope="col">Smart earner</th>
                <th scope="col">Reseller</th>
                <th scope="col">API</th>
                {isAdmin && <th scope="col">Cost</th>}
                {isAdmin && <th scope="col">Available</th>}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => {
                const title = planTitle(plan);
                return (
                  <tr key={plan._id} aria-label={title}>
                    <td className="cell-plan">
                      <span className="plan-name">{plan.plan}</span>
                      <span className="muted small">ID {plan.planId}</span>
                    </td>
                    <td className="cell-type" data-label="Type">
                      {plan.planType}
                    </td>
                    <td className="cell-validity" data-label="Validity">
                      {plan.planValidity}
                    </td>
                    <TierCell
                      label="Smart earner"
                      tier="smartEarner"
                      price={plan.smartEarnerPrice}
                      margin={isAdmin ? plan.margins.smartEarner : null}
                    />
                    <TierCell
                      label="Reseller"
                      tier="reseller"
                      price={plan.resellerPrice}
                      margin={isAdmin ? plan.margins.reseller : null}
                    />
                    <TierCell
                      label="API"
                      tier="api"
                      price={plan.apiPrice}
                      margin={isAdmin ? plan.margins.api : null}
                    />
                    {isAdmin && (
                      <td className="cell-cost" data-label="Cost">
                        <span className="cell-money">
                          {formatNairaAmount(plan.effectiveCostPrice)}
                        </span>
                        {plan.planCostPrice === 0 && (
                          <span className="muted small">per GB × volume</span>
                        )}
                      </td>
                    )}
                    {isAdmin && (
                      <td className="cell-available" data-label="Available">
                        <button
                          type="button"
                          role="switch"
                          className="switch"
                          aria-checked={plan.isAvailable}
                          aria-label={`${title} available`}
                          disabled={toggling === plan._id}
                          onClick={() => void toggle(plan)}
                        >
                          <span className="switch-track" aria-hidden="true" />
                          <span className="switch-text">{plan.isAvailable ? 'On' : 'Off'}</span>
                        </button>
                      </td>
                    )}
                    <td className="cell-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`Change price of ${title}`}
                        onClick={() => setDialog({ kind: 'price', plan })}
                      >
                        Change price
                      </button>
                      {isAdmin && (
                        <>
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={`Price history of ${title}`}
                            title="Price history"
                            onClick={() => setDialog({ kind: 'history', plan })}
                          >
                            <Icon path={historyIcon} size={18} />
                          </button>
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={`Edit ${title}`}
                            title="Edit"
                            onClick={() => setDialog({ kind: 'edit', plan })}
                          >
                            <Icon path={editIcon} size={18} />
                          </button>
                          <button
                            type="button"
                            className="icon-button icon-button-danger"
                            aria-label={`Delete ${title}`}
                            title="Delete"
                            onClick={() => setDialog({ kind: 'delete', plan })}
                          >
                            <Icon path={trashIcon} size={18} />
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {dialog?.kind === 'add' && <PlanDialog network={network} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <PlanDialog plan={dialog.plan} network={network} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'price' && (
        <PriceDialog plan={dialog.plan} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'history' && (
        <PlanHistoryDialog plan={dialog.plan} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <Dialog
          title="Delete plan?"
          description={`${planTitle(dialog.plan)} (plan id ${dialog.plan.planId}) will no longer be sold. A plan already bought is kept for its receipts.`}
          onClose={() => !deleting.isLoading && setDialog(null)}
        >
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setDialog(null)}
              disabled={deleting.isLoading}
              data-autofocus
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void confirmDelete(dialog.plan)}
              disabled={deleting.isLoading}
            >
              Delete
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
};
