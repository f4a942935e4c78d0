import { formatNaira } from '@vendo/shared/money';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import type { TBeneficiary } from '@vendo/shared/schemas/withdraw.responses';
import { checkWithdrawAmount, receivedKobo, typedKobo } from '../lib/withdraw-amount';

type TBeneficiaryCardProps = {
  beneficiary: TBeneficiary;
  balance: number | null;
  /** A message from the last attempt to this account (a refused or failed withdrawal). */
  message: string | null;
  busy: boolean;
  onWithdraw: (beneficiary: TBeneficiary, kobo: number) => void;
  onRemove: (beneficiary: TBeneficiary) => void;
};

/** One saved account: its name, bank and number, an amount, what the recipient gets, Withdraw. */
export const BeneficiaryCard = ({
  beneficiary,
  balance,
  message,
  busy,
  onWithdraw,
  onRemove,
}: TBeneficiaryCardProps) => {
  const form = useForm({ amount: '' });
  const { amount } = form.values;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const kobo = typedKobo(amount);
  const titleId = `beneficiary-${beneficiary._id}`;

  // The withdrawal itself (confirmation, call, errors) is the page's: this checks the amount.
  const onSubmit = form.handleSubmit(() => {
    const check = checkWithdrawAmount(amount, balance);
    if (!check.ok) {
      form.fail(check.message);
      return;
    }
    form.clearAlert();
    onWithdraw(beneficiary, check.kobo);
  });

  return (
    <li className="beneficiary-card" data-testid="beneficiary">
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <div className="beneficiary-head">
          <p className="beneficiary-name" id={titleId}>
            {beneficiary.accountName}
          </p>
          <p className="muted small">
            {beneficiary.bankName} · {beneficiary.accountNumber}
          </p>
        </div>
        <FormAlert message={form.alert ?? message} id={form.alertId} />
        <TextField
          label="Amount (₦)"
          name="amount"
          id={`amount-${beneficiary._id}`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            form.onChange(event);
            form.clearAlert();
          }}
          invalid={form.alert !== null}
          errorId={form.alert !== null ? form.alertId : undefined}
        />
        {kobo !== null && (
          <p className="small muted" data-testid="recipient-gets">
            Recipient gets <strong>{formatNaira(receivedKobo(kobo))}</strong> (₦50 fee)
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Withdraw
        </button>
        {confirmRemove ? (
          <div className="beneficiary-remove" role="group" aria-label="Remove this account?">
            <p className="small">Remove this account from your beneficiaries?</p>
            <div className="beneficiary-remove-actions">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setConfirmRemove(false)}
              >
                Keep
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                disabled={busy}
                onClick={() => {
                  setConfirmRemove(false);
                  onRemove(beneficiary);
                }}
              >
                Remove
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-ghost btn-sm beneficiary-remove-link"
            aria-label={`Remove ${beneficiary.accountName}`}
            onClick={() => setConfirmRemove(true)}
          >
            Remove
          </button>
        )}
      </form>
    </li>
  );
};
