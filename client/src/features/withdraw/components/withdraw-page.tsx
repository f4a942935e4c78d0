import { formatNaira, koboToNaira } from '@vendo/shared/money';
import type { TWithdrawRequest } from '@vendo/shared/schemas/withdraw';
import type {
  TBeneficiary,
  TValidateAccountResponse,
} from '@vendo/shared/schemas/withdraw.responses';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ConfirmActions } from '@/components/ui/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { isUncertainMove } from '@/lib/api-error';
import { useWalletBalance } from '@/lib/profile.api';
import { useForm } from '@/lib/use-form';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import '@/styles/components/select.css';
import '../withdraw.css';
import { useAddBeneficiaryMutation } from '../api/add-beneficiary.api';
import { useGetBankCodesQuery } from '../api/get-bank-codes.api';
import { useGetBeneficiariesQuery } from '../api/get-beneficiaries.api';
import { useRemoveBeneficiaryMutation } from '../api/remove-beneficiary.api';
import { useValidateAccountMutation } from '../api/validate-account.api';
import { useWithdrawMutation } from '../api/withdraw.api';
import { receivedKobo, WITHDRAWAL_FEE_KOBO } from '../lib/withdraw-amount';
import { BeneficiaryCard } from './beneficiary-card';
import { WalletBalance } from '@/components/ui/wallet-balance';

type TPending = { beneficiary: TBeneficiary; kobo: number };

/** No answer, a server error or 409: the payout may have started; retry with the same key. */
const isUncertain = isUncertainMove;

/**
 * /profile/withdraw (docs/product-rules.md#withdrawals): choose a bank and type the account number,
 * Validate (the account name shows and the fields lock; "Change" unlocks), then "Add beneficiary".
 * Each beneficiary card takes an amount and shows what the recipient gets (amount − ₦50); Withdraw
 * opens a confirmation, then sends with an Idempotency-Key. The answer's balance becomes the
 * wallet's; success goes to /profile.
 */
export const WithdrawPage = () => {
  const navigate = useNavigate();
  const balance = useWalletBalance() ?? null;
  const banks = useGetBankCodesQuery(undefined);
  const beneficiaries = useGetBeneficiariesQuery(undefined);
  const [validateAccount, { isLoading: checking }] = useValidateAccountMutation();
  const [addBeneficiary, { isLoading: adding }] = useAddBeneficiaryMutation();
  const [withdraw, { isLoading: sending }] = useWithdrawMutation();
  const [removeBeneficiary, { isLoading: removing }] = useRemoveBeneficiaryMutation();
  const idempotency = useIdempotencyKey();

  const form = useForm({ bankCode: '', accountNumber: '' });
  const { bankCode, accountNumber } = form.values;
  const [account, setAccount] = useState<TValidateAccountResponse | null>(null);
  const [pending, setPending] = useState<TPending | null>(null);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  const [cardMessage, setCardMessage] = useState<{ id: string; message: string } | null>(null);

  const isValidated = account !== null;
  const bankOptions = (banks.data ?? []).map((bank) => ({
    value: bank.bankCode,
    label: bank.bankName,
  }));
  const list = beneficiaries.data ?? [];
  const alreadySaved = list.some(
    (saved) => saved.bankCode === bankCode && saved.accountNumber === accountNumber,
  );

  const onValidate = form.handleSubmit(async () => {
    if (bankCode === '') {
      form.fail('Select a bank', ['bankCode']);
      return;
    }
    if (accountNumber === '') {
      form.fail('Enter account number', ['accountNumber']);
      return;
    }
    if (!/^\d{10}$/.test(accountNumber)) {
      form.fail('Enter a 10-digit account number', ['accountNumber']);
      return;
    }
    form.clearAlert();
    try {
      setAccount(await validateAccount({ bankCode, accountNumber }).unwrap());
    } catch (error) {
      const message = errorMessage(error, 'The account could not be checked. Please try again.');
      toast.error(message);
      form.fail(message, ['accountNumber']);
    }
  });

  const change = () => {
    setAccount(null);
    form.clearAlert();
  };

  const onAdd = async () => {
    try {
      const answer = await addBeneficiary({ bankCode, accountNumber }).unwrap();
      toast.success(answer.msg || 'Beneficiary added');
      setAccount(null);
      form.set('accountNumber', '');
      form.clearAlert();
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      form.fail(message);
    }
  };

  const onRemove = async (beneficiary: TBeneficiary) => {
    setCardMessage(null);
    try {
      const answer = await removeBeneficiary(beneficiary._id).unwrap();
      toast.success(answer.msg || 'Beneficiary removed');
    } catch (error) {
      const message = errorMessage(
        error,
        'The beneficiary could not be removed. Please try again.',
      );
      toast.error(message);
      setCardMessage({ id: beneficiary._id, message });
    }
  };

  const startWithdrawal = (beneficiary: TBeneficiary, kobo: number) => {
    setCardMessage(null);
    setRetryMessage(null);
    idempotency.reset(); // a new confirmation is a new withdrawal
    setPending({ beneficiary, kobo });
  };

  const withdrawNow = async () => {
    if (!pending) return;
    const body: TWithdrawRequest = {
      bankCode: pending.beneficiary.bankCode,
      accountNumber: pending.beneficiary.accountNumber,
      amount: koboToNaira(pending.kobo),
    };
    setRetryMessage(null);
    try {
      const answer = await withdraw({ body, idempotencyKey: idempotency.keyFor(body) }).unwrap();
      idempotency.reset();
      setPending(null);
      if (answer.receipt.trans_Status === 'pending') toast.info(answer.msg);
      else toast.success(answer.msg || 'Withdrawal successful');
      navigate('/profile');
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      if (isUncertain(error)) {
        setRetryMessage(message); // the dialog stays, with the same key
        return;
      }
      idempotency.reset();
      setPending(null);
      setCardMessage({ id: pending.beneficiary._id, message });
    }
  };

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="withdraw-title">
        <h1 className="card-title" id="withdraw-title">
          Withdraw
        </h1>
        <WalletBalance />
        <form className="form" onSubmit={onValidate} noValidate aria-label="Validate account">
          <FormAlert message={form.alert} id={form.alertId} />
          {banks.isError && (
            <div className="retry-box" role="alert">
              <p>The bank list could not be loaded.</p>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void banks.refetch()}
              >
                Try again
              </button>
            </div>
          )}
          <SelectField
            label="Bank"
            name="bankCode"
            placeholder={banks.isLoading ? 'Loading banks...' : 'Select bank'}
            options={bankOptions}
            value={bankCode}
            onChange={form.onChange}
            disabled={isValidated}
            invalid={!isValidated && form.isInvalid('bankCode')}
            errorId={!isValidated && form.isInvalid('bankCode') ? form.alertId : undefined}
          />
          <TextField
            label="Account number"
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={accountNumber}
            onChange={(event) => form.set('accountNumber', event.target.value.replace(/\D/g, ''))}
            readOnly={isValidated}
            invalid={!isValidated && form.isInvalid('accountNumber')}
            errorId={!isValidated && form.isInvalid('accountNumber') ? form.alertId : undefined}
          />
          {isValidated ? (
            <div className="validated-box" data-testid="validated-account">
              <TextField label="Account name" name="accountName" value={account.name} readOnly />
              <div className="validated-actions">
                <button type="button" className="btn btn-ghost btn-sm" onClick={change}>
                  Change
                </button>
                {alreadySaved ? (
                  <p className="small muted">Already in your beneficiaries.</p>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    onClick={() => void onAdd()}
                    disabled={adding}
                  >
                    {adding ? 'Adding...' : 'Add beneficiary'}
                  </button>
                )}
              </div>
            </div>
          ) : (
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={checking}>
              {checking ? 'Checking...' : 'Validate'}
            </button>
          )}
        </form>
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="beneficiaries-title">
          <h2 className="card-title" id="beneficiaries-title">
            Beneficiaries
          </h2>
          {beneficiaries.isLoading ? (
            <p className="muted small">Loading your beneficiaries...</p>
          ) : beneficiaries.isError ? (
            <div className="retry-box" role="alert">
              <p>Your beneficiaries could not be loaded.</p>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void beneficiaries.refetch()}
              >
                Try again
              </button>
            </div>
          ) : list.length === 0 ? (
            <p className="muted small" data-testid="no-beneficiaries">
              No beneficiary yet. Validate an account and add it to withdraw to it.
            </p>
          ) : (
            <ul className="beneficiary-list">
              {list.map((beneficiary) => (
                <BeneficiaryCard
                  key={beneficiary._id}
                  beneficiary={beneficiary}
                  balance={balance}
                  busy={sending || removing}
                  message={cardMessage?.id === beneficiary._id ? cardMessage.message : null}
                  onWithdraw={startWithdrawal}
                  onRemove={(target) => void onRemove(target)}
                />
              ))}
            </ul>
          )}
          <p className="muted small">A ₦50 fee applies to every withdrawal.</p>
        </section>
      </aside>

      {pending && (
        <Dialog
          title="Confirm withdrawal"
          description="Check the account: a withdrawal cannot be reversed."
          onClose={() => !sending && setPending(null)}
        >
          <dl className="summary-list">
            <div>
              <dt>To</dt>
              <dd data-testid="confirm-account">
                {pending.beneficiary.accountName}, {pending.beneficiary.bankName}{' '}
                {pending.beneficiary.accountNumber}
              </dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd data-testid="confirm-amount">{formatNaira(pending.kobo)}</dd>
            </div>
            <div>
              <dt>Fee</dt>
              <dd data-testid="confirm-fee">{formatNaira(WITHDRAWAL_FEE_KOBO)}</dd>
            </div>
            <div>
              <dt>Recipient gets</dt>
              <dd className="summary-total" data-testid="confirm-received">
                {formatNaira(receivedKobo(pending.kobo))}
              </dd>
            </div>
          </dl>
          <ConfirmActions
            retryMessage={retryMessage}
            retryHint="Tap Withdraw again: the same withdrawal is resent, so it cannot happen twice."
            busy={sending}
            confirmLabel="Withdraw"
            busyLabel="Sending..."
            onCancel={() => setPending(null)}
            onConfirm={() => void withdrawNow()}
          />
        </Dialog>
      )}
    </div>
  );
};
