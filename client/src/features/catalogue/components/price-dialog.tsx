import { formatNairaAmount } from '@vendo/shared/money';
import {
  ZUpdatePriceRequest,
  type TManagedPlan,
  type TPriceChange,
  type TUpdatePriceRequest,
} from '@vendo/shared/schemas/catalogue-admin';
import { useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useUpdatePriceMutation } from '../api/update-price.api';
import { numberOrText } from '../lib/plan-form';
import { planTitle } from '../lib/plan-title';

/** What a failed price update says when the server sent no message. */
export const PRICE_UPDATE_FALLBACK = 'something went wrong';

const TIERS = [
  { key: 'price', label: 'Smart earner price (₦)', current: 'smartEarnerPrice' },
  { key: 'reseller', label: 'Reseller price (₦)', current: 'resellerPrice' },
  { key: 'api', label: 'API price (₦)', current: 'apiPrice' },
] as const;

type TNewPrice = { price: string; reseller: string; api: string };

const TierChange = ({ before, after }: { before: number; after: number }) =>
  before === after ? (
    <span className="muted">{formatNairaAmount(after)}</span>
  ) : (
    <span>
      <s className="muted">{formatNairaAmount(before)}</s> →{' '}
      <strong>{formatNairaAmount(after)}</strong>
    </span>
  );

/**
 * Changes a plan's tier prices (admins and agents): the server first previews every plan that
 * would change (a 1 GB plan's prices are per GB and rescale its whole type), then Apply.
 */
export const PriceDialog = ({ plan, onClose }: { plan: TManagedPlan; onClose: () => void }) => {
  const form = useForm<TNewPrice>({ price: '', reseller: '', api: '' });
  const { values } = form;
  const [preview, setPreview] = useState<TPriceChange[] | null>(null);
  const [updatePrice, { isLoading: saving }] = useUpdatePriceMutation();
  const perGb = plan.volumeRatio === 1;

  const request = (previewOnly: boolean): TUpdatePriceRequest => ({
    dataId: plan._id,
    newPrice: {
      price: numberOrText(values.price),
      reseller: numberOrText(values.reseller),
      api: numberOrText(values.api),
    },
    preview: previewOnly,
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    form.onChange(event);
    setPreview(null); // a preview shows the prices it was asked for, no others
  };

  const onSubmit = form.handleSubmit(
    async () => {
      const body = request(preview === null);
      if (!form.check(validate(ZUpdatePriceRequest, body))) return;
      const answer = await updatePrice(body).unwrap();
      if (!answer.applied) {
        setPreview(answer.changes);
        return;
      }
      toast.success(answer.msg);
      onClose();
    },
    { fallback: PRICE_UPDATE_FALLBACK, errorIn: 'both' },
  );

  return (
    <Dialog
      title="Change price"
      description={
        perGb
          ? `${planTitle(plan)}: prices per GB. Every ${plan.plan_network} ${plan.planType} plan is rescaled by its volume.`
          : `${planTitle(plan)}: only this plan changes. Leave a price blank to keep it.`
      }
      onClose={() => !saving && onClose()}
      wide
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Change price">
        <FormAlert message={form.alert} id={form.alertId} />
        <div className="form-grid form-grid-3">
          {TIERS.map((tier) => (
            <TextField
              key={tier.key}
              label={tier.label}
              id={`new-${tier.key}`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={String(plan[tier.current])}
              hint={`Now ${formatNairaAmount(plan[tier.current])}`}
              {...form.bind(tier.key)}
              onChange={onChange}
              invalid={form.isInvalid('newPrice')}
            />
          ))}
        </div>
        {preview && (
          <div className="price-preview" data-testid="price-preview">
            <h3>
              {preview.length === 0
                ? 'No plan would change'
                : `${preview.length} plan${preview.length === 1 ? '' : 's'} would change`}
            </h3>
            <ul className="preview-list" aria-label="Plans that would change">
              {preview.map((change) => (
                <li key={change._id} aria-label={planTitle(change)}>
                  <p className="preview-plan">{planTitle(change)}</p>
                  <dl className="preview-tiers">
                    <div>
                      <dt>Smart earner</dt>
                      <dd>
                        <TierChange before={change.before.price} after={change.after.price} />
                      </dd>
                    </div>
                    <div>
                      <dt>Reseller</dt>
                      <dd>
                        <TierChange before={change.before.reseller} after={change.after.reseller} />
                      </dd>
                    </div>
                    <div>
                      <dt>API</dt>
                      <dd>
                        <TierChange before={change.before.api} after={change.after.api} />
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : preview ? 'Apply' : 'Preview'}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
