import { formatNaira, isValidNaira, koboToNaira, nairaToKobo } from '@vendo/shared/money';
import { ZTransferRequest, type TTransferRequest } from '@vendo/shared/schemas/wallet';
import type { TValidateUserResponse } from '@vendo/shared/schemas/wallet.responses';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useAppSelector } from '@/app/hooks';
import { ConfirmActions } from '@/components/ui/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { isUncertainMove } from '@/lib/api-error';
import { useWalletBalance } from '@/lib/profile.api';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import '../wallet.css';
import { useTransferFundMutation } from '../api/transfer-fund.api';
import { useValidateUserMutation } from '../api/validate-user.api';
import { WalletBalance } from '@/components/ui/wallet-balance';

const amountKobo = (amount: string): number | null => {
  const text = amount.trim();
  return text !== '' && isValidNaira(text) && nairaToKobo(text) > 0 ? nairaToKobo(text) : null;
};

/** No answer, a server error or 409: the transfer may have happened; retry with the same key. */
const isUncertain = isUncertainMove;

/**
 * /profile/transfer (docs/product-rules.md#transfers): Validate the username (the account's name
 * shows and the field locks; "Change" unlocks it), then the amount and Send, confirmed in a dialog.
 * Success shows the server's message, sets the balance from the answer and goes to /profile.
 */
export const TransferPage = () => {
  const navigate = useNavigate();
  const balance = useWalletBalance();
  const isAdmin = useAppSelector((state) => state.auth.isAdmin);
  // Both steps' fields, and one alert: the username's until it is validated, then the amount's.
  const form = useForm({ userName: '', amount: '' });
  const { userName, amount } = form.values;
  const [recipient, setRecipient] = useState<TValidateUserResponse | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const [validateUser, { isLoading: checking }] = useValidateUserMutation();
  const [transferFund, { isLoading: sending }] = useTransferFundMutation();

  const kobo = amountKobo(amount);

  const onValidate = form.handleSubmit(async () => {
    const data = form.check(validate(ZTransferRequest.pick({ userName: true }), { userName }));
    if (!data) return;
    try {
      setRecipient(await validateUser(data.userName).unwrap());
    } catch (error) {
      const message = errorMessage(error, 'The account could not be checked. Please try again.');
      toast.error(message);
      form.fail(message, ['userName']);
    }
  });

  const change = () => {
    setRecipient(null);
    form.set('amount', '');
    form.clearAlert();
    idempotency.reset();
  };

  const body = (): TTransferRequest => ({
    userName: recipient?.userName ?? userName.trim(),
    amount: kobo === null ? 0 : koboToNaira(kobo),
  });

  // Submit opens the confirmation; the dialog's Send moves the money (sendNow).
  const onSend = form.handleSubmit(() => {
    // Whatever the schema says, the amount is the field to fix: the username is validated.
    const result = validate(ZTransferRequest, { userName: body().userName, amount: amount.trim() });
    if (!result.ok || kobo === null) {
      form.fail(result.ok ? 'Enter a valid amount' : result.message, ['amount']);
      return;
    }
    // Admins are not limited by their own balance; the server checks again.
    if (!isAdmin && balance !== undefined && kobo > Math.round(balance * 100)) {
      form.fail('Insufficient balance', ['amount']);
      return;
    }
    form.clearAlert();
    setRetryMessage(null);
    idempotency.reset(); // a new confirmation is a new transfer
    setConfirming(true);
  });

  const sendNow = async () => {
    const request = body();
    setRetryMessage(null);
    try {
      const answer = await transferFund({
        body: request,
        idempotencyKey: idempotency.keyFor(request),
      }).unwrap();
      idempotency.reset();
      setConfirming(false);
      toast.success(answer.msg);
      navigate('/profile');
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      if (isUncertain(error)) {
        setRetryMessage(message); // the dialog stays, with the same key
        return;
      }
      idempotency.reset();
      setConfirming(false);
      form.fail(message);
    }
  };

  const isValidated = recipient !== null;

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="transfer-title">
        <h1 className="card-title" id="transfer-title">
          Transfer
        </h1>
        <WalletBalance />
        <form className="form" onSubmit={onValidate} noValidate aria-label="Validate user">
          {!isValidated && <FormAlert message={form.alert} id={form.alertId} />}
          <TextField
            label="Username"
            name="userName"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={userName}
            onChange={form.onChange}
            readOnly={isValidated}
            invalid={!isValidated && form.isInvalid('userName')}
            errorId={!isValidated && form.isInvalid('userName') ? form.alertId : undefined}
          />
          {isValidated ? (
            <div className="validated-box" data-testid="recipient">
              <TextField label="Account name" name="accountName" value={recipient.name} readOnly />
              <button type="button" className="btn btn-ghost btn-sm" onClick={change}>
                Change
              </button>
            </div>
          ) : (
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={checking}>
              {checking ? 'Checking...' : 'Validate'}
            </button>
          )}
        </form>

        {isValidated && (
          <form className="form step-two" onSubmit={onSend} noValidate aria-label="Send money">
            <FormAlert message={form.alert} id={form.alertId} />
            <TextField
              label="Amount (₦)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={form.onChange}
              invalid={form.isInvalid('amount')}
              autoFocus
            />
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={sending}>
              Send
            </button>
          </form>
        )}
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="transfer-help-title">
          <h2 className="card-title" id="transfer-help-title">
            How it works
          </h2>
          <ul className="help-list small">
            <li>Money moves at once from your wallet to another Vendo wallet, free of charge.</li>
            <li>Check the account name after validating: a transfer cannot be reversed.</li>
          </ul>
        </section>
      </aside>

      {confirming && recipient && kobo !== null && (
        <Dialog
          title="Confirm transfer"
          description="Check the details: a transfer cannot be reversed."
          onClose={() => !sending && setConfirming(false)}
        >
          <dl className="summary-list">
            <div>
              <dt>To</dt>
              <dd data-testid="confirm-name">
                {recipient.name} ({recipient.userName})
              </dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd className="summary-total" data-testid="confirm-amount">
                {formatNaira(kobo)}
              </dd>
            </div>
          </dl>
          <ConfirmActions
            retryMessage={retryMessage}
            retryHint="Tap Send again: the same transfer is resent, so it cannot happen twice."
            busy={sending}
            confirmLabel="Send"
            busyLabel="Sending..."
            onCancel={() => setConfirming(false)}
            onConfirm={() => void sendNow()}
          />
        </Dialog>
      )}
    </div>
  );
};
