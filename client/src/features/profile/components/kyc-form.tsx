import { ZKycRequest } from '@vendo/shared/schemas/wallet';
import type { TUser } from '@vendo/shared/schemas/user';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useUpdateKycMutation } from '../api/update-kyc.api';

type TKycKind = 'nin' | 'bvn';

const LABELS: Record<TKycKind, string> = { nin: 'NIN', bvn: 'BVN' };

/**
 * KYC (docs/product-rules.md#kyc): a NIN by default, or a BVN, of 11 digits. The server keeps it so
 * that only the last digits are ever shown; the masked value from the answer's user shows here.
 */
export const KycForm = ({ user }: { user: TUser }) => {
  const [kind, setKind] = useState<TKycKind>('nin');
  const form = useForm({ kycNumber: '' });
  const [updateKyc, { isLoading }] = useUpdateKycMutation();
  const label = LABELS[kind];
  const onFile = user[kind];

  const onSubmit = form.handleSubmit(
    async () => {
      const number = form.values.kycNumber;
      const body = kind === 'nin' ? { nin: number } : { bvn: number };
      // One variant of the shared schema per kind, so the message names the right number.
      if (!form.check(validate(ZKycRequest.options[kind === 'nin' ? 0 : 1], body))) return;
      const { msg } = await updateKyc(body).unwrap();
      toast.success(msg);
      form.set('kycNumber', '');
    },
    { errorIn: 'both' },
  );

  return (
    <section className="card kyc-card" aria-labelledby="kyc-title">
      <h2 className="card-title" id="kyc-title">
        Identity (KYC)
      </h2>
      <p className="muted small">
        Add your NIN or BVN. Only its last digits are kept on show, to you and to us.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="KYC">
        <FormAlert message={form.alert} id={form.alertId} />
        <fieldset className="segmented">
          <legend className="visually-hidden">Identity number type</legend>
          {(['nin', 'bvn'] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="kycKind"
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                  form.set('kycNumber', '');
                  form.clearAlert();
                }}
              />
              {LABELS[option]}
            </label>
          ))}
        </fieldset>
        {onFile && (
          <p className="small" data-testid="kyc-on-file">
            {label} on file: <strong>{onFile}</strong>
          </p>
        )}
        <TextField
          label={`${label} number`}
          name="kycNumber"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          value={form.values.kycNumber}
          onChange={(event) => form.set('kycNumber', event.target.value.replace(/\D/g, ''))}
          invalid={form.alert !== null}
          errorId={form.alert !== null ? form.alertId : undefined}
          hint="11 digits"
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          {onFile ? `Update ${label}` : `Save ${label}`}
        </button>
      </form>
    </section>
  );
};
