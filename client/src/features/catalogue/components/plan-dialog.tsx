import { NETWORKS } from '@vendo/shared/constants';
import { ZPlanRequest, type TManagedPlan } from '@vendo/shared/schemas/catalogue-admin';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useSavePlanMutation } from '../api/save-plan.api';
import { emptyPlanForm, planFormOf, planRequestOf, type TPlanFormValues } from '../lib/plan-form';

const NETWORK_OPTIONS = NETWORKS.map((network) => ({ value: network, label: network }));

type TPlanDialogProps = {
  /** The plan to edit; none to add one (one dialog, add or edit mode). */
  plan?: TManagedPlan;
  /** The network chosen on the page, preselected when adding. */
  network: string;
  onClose: () => void;
};

type TTextKey = Exclude<keyof TPlanFormValues, 'planAvailability' | 'planNetwork'>;

const FIELDS: { name: TTextKey; label: string; hint?: string; numeric?: boolean }[] = [
  { name: 'planName', label: 'Plan name', hint: "What buyers see, e.g. '1GB'" },
  { name: 'planType', label: 'Plan type', hint: 'e.g. SME, CG, GIFTING' },
  {
    name: 'planVolumeRatio',
    label: 'Volume (GB)',
    hint: '1 for 1GB, 0.5 for 500MB',
    numeric: true,
  },
  { name: 'planValidity', label: 'Validity', hint: "e.g. '30 days'" },
  { name: 'planId', label: 'Plan id', hint: 'The id buyers and suppliers use' },
  { name: 'smartEarnerPrice', label: 'Smart earner price (₦)', numeric: true },
  { name: 'resellerPrice', label: 'Reseller price (₦)', numeric: true },
  { name: 'apiPrice', label: 'API price (₦)', numeric: true },
  {
    name: 'planCostPrice',
    label: 'Cost price (₦)',
    hint: "Blank: the network's cost per GB × volume",
    numeric: true,
  },
  { name: 'partnerPrice', label: 'Partner price (₦)', hint: 'Optional', numeric: true },
];

/** Adds a plan, or edits one: every field of the /dataPlan calls. */
export const PlanDialog = ({ plan, network, onClose }: TPlanDialogProps) => {
  const editing = plan !== undefined;
  const form = useForm<TPlanFormValues>(plan ? planFormOf(plan) : emptyPlanForm(network));
  const [savePlan, { isLoading: saving }] = useSavePlanMutation();

  const onSubmit = form.handleSubmit(
    async () => {
      const body = planRequestOf(form.values, plan?._id);
      if (!form.check(validate(ZPlanRequest, body))) return;
      // The form's values as typed: the server turns naira into kobo itself.
      const { msg } = await savePlan(body).unwrap();
      toast.success(msg);
      onClose();
    },
    { errorIn: 'both' },
  );

  const title = editing ? 'Edit plan' : 'Add plan';
  return (
    <Dialog title={title} onClose={() => !saving && onClose()} wide>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={title}>
        <FormAlert message={form.alert} id={form.alertId} />
        <div className="form-grid">
          <SelectField
            label="Network"
            id="plan-network"
            placeholder="Select network"
            options={NETWORK_OPTIONS}
            {...form.field('planNetwork')}
          />
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              id={`plan-${field.name}`}
              autoComplete="off"
              inputMode={field.numeric ? 'decimal' : undefined}
              hint={field.hint}
              {...form.field(field.name)}
            />
          ))}
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            name="planAvailability"
            checked={form.values.planAvailability}
            onChange={(event) => form.set('planAvailability', event.target.checked)}
          />
          <span>Available to buyers</span>
        </label>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Save changes' : 'Add plan'}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
