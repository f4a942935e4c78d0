import { formatNaira } from '@vendo/shared/money';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
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
  const [amount, setAmount] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const kobo = typedKobo(amount);
  const titleId = `beneficiary-${beneficiary._id}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkWithdrawAmount(amount, balance);
    if (!check.ok) {
      setAlert(check.message);
      return;
    }
    setAlert(null);
    onWithdraw(beneficiary, check.kobo);
  };

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
        <FormAlert message={alert ?? message} />
        <TextField
          label="Amount (₦)"
          name="amount"
          id={`amount-${beneficiary._id}`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setAlert(null);
          }}
          invalid={alert !== null}
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
