import { formatNaira, koboToNaira } from '@vendo/shared/money';
import type { TInitiateFundingRequest } from '@vendo/shared/schemas/funding';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useAppSelector } from '@/app/hooks';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { isUncertainMove } from '@/lib/api-error';
import { useForm } from '@/lib/use-form';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useInitiateFundingMutation } from '../api/initiate-funding.api';
import { useGetSiteQuery } from '@/lib/site.api';
import { checkFundingAmount, creditAfterFee, feeBasisPoints } from '../lib/funding-fee';
import { leaveFor } from '../lib/leave-for';
import { ReservedAccounts } from './reserved-accounts';

/**
 * /profile/fundWallet (docs/product-rules.md#funding): an amount, what the user pays and what the
 * wallet receives after the 1% fee, then "Proceed to pay", which sends the browser to the checkout
 * link. Users with a reserved account number also get the external top-up page and their account
 * numbers.
 */
export const FundWalletPage = () => {
  const user = useAppSelector((state) => state.auth.user);
  const form = useForm({ amount: '' });
  const { amount } = form.values;
  const idempotency = useIdempotencyKey();
  const [initiateFunding, { isLoading }] = useInitiateFundingMutation();
  const { data: site } = useGetSiteQuery(undefined);
  const feeBp = feeBasisPoints(site?.fees?.fundPagePercent);
  const [leaving, setLeaving] = useState(false);

  const check = checkFundingAmount(amount);
  const kobo = check.ok ? check.kobo : null;

  const onSubmit = form.handleSubmit(
    async () => {
      if (!check.ok) {
        form.fail(check.message);
        return;
      }
      if (!user) return;
      form.clearAlert();
      const body: TInitiateFundingRequest = { amount: koboToNaira(check.kobo), email: user.email };
      try {
        const answer = await initiateFunding({
          body,
          idempotencyKey: idempotency.keyFor(body),
        }).unwrap();
        idempotency.reset();
        if (leaveFor(answer.link)) {
          setLeaving(true);
          toast.info(answer.msg);
        } else {
          form.fail('The payment page could not be opened. Please try again.');
        }
      } catch (error) {
        // A definite refusal starts a new attempt; after no answer the same key is resent.
        if (!isUncertainMove(error)) idempotency.reset();
        throw error;
      }
    },
    { errorIn: 'both' },
  );

  const hasReservedAccount =
    !!user && (!!user.reservedAccountNo3 || (user.accountNumbers ?? []).length > 0);

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="fund-title">
        <h1 className="card-title" id="fund-title">
          Fund wallet
        </h1>
        <p className="muted small">Pay with your card or bank through our payment partner.</p>
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Fund wallet">
          <FormAlert message={form.alert} id={form.alertId} />
          <TextField
            label="Amount (₦)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={form.onChange}
            invalid={form.alert !== null && !check.ok}
            hint="Minimum ₦100"
          />
          {kobo !== null && (
            <p className="charge-line" data-testid="funding-fee">
              <span>
                You pay {formatNaira(kobo)}
                <small>
                  {feeBp / 100}% fee: {formatNaira(kobo - creditAfterFee(kobo, feeBp))}
                </small>
              </span>
              <span>
                You receive
                <strong data-testid="funding-credit">
                  {formatNaira(creditAfterFee(kobo, feeBp))}
                </strong>
              </span>
            </p>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block btn-lg"
            disabled={isLoading || leaving}
          >
            {leaving ? 'Opening the payment page...' : 'Proceed to pay'}
          </button>
        </form>
      </section>

      <aside className="purchase-aside">
        {hasReservedAccount && user && <ReservedAccounts user={user} />}
        <section className="card" aria-labelledby="fund-help-title">
          <h2 className="card-title" id="fund-help-title">
            Other ways to fund
          </h2>
          <ul className="help-list small">
            <li>
              Have a coupon? <Link to="/profile/fundWallet/coupon">Redeem it here</Link>.
            </li>
            <li>Your wallet is credited as soon as the payment is confirmed.</li>
          </ul>
        </section>
      </aside>
    </div>
  );
};
