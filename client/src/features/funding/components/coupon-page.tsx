import { ZCouponRedeemRequest, type TCouponRedeemRequest } from '@vendo/shared/schemas/funding';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useAppSelector } from '@/app/hooks';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { isUncertainMove } from '@/lib/api-error';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useRedeemCouponMutation } from '../api/redeem-coupon.api';
import { WalletBalance } from '@/components/ui/wallet-balance';

/**
 * /profile/fundWallet/coupon (docs/product-rules.md#coupons): the user's own username and a coupon
 * code. Success adds the coupon's amount to the balance and goes to /profile.
 */
export const CouponPage = () => {
  const navigate = useNavigate();
  const userName = useAppSelector((state) => state.auth.user?.userName ?? '');
  const form = useForm({ coupon: '' });
  const idempotency = useIdempotencyKey();
  const [redeemCoupon, { isLoading }] = useRedeemCouponMutation();

  const onSubmit = form.handleSubmit(
    async () => {
      const body: TCouponRedeemRequest | null = form.check(
        validate(ZCouponRedeemRequest, {
          userName,
          coupon: form.values.coupon,
        }),
      );
      if (!body) return;
      try {
        const answer = await redeemCoupon({
          body,
          idempotencyKey: idempotency.keyFor(body),
        }).unwrap();
        idempotency.reset();
        toast.success(answer.msg);
        navigate('/profile');
      } catch (error) {
        // A definite refusal ends this attempt; after no answer the same code keeps its key.
        if (!isUncertainMove(error)) idempotency.reset();
        throw error;
      }
    },
    { errorIn: 'both' },
  );

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="coupon-title">
        <h1 className="card-title" id="coupon-title">
          Coupon funding
        </h1>
        <WalletBalance />
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Redeem coupon">
          <FormAlert message={form.alert} id={form.alertId} />
          <TextField label="Username" name="userName" value={userName} readOnly />
          <TextField
            label="Coupon code"
            name="coupon"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={form.values.coupon}
            onChange={form.onChange}
            invalid={form.alert !== null}
            errorId={form.alert !== null ? form.alertId : undefined}
          />
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isLoading}>
            {isLoading ? 'Redeeming...' : 'Redeem coupon'}
          </button>
        </form>
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="coupon-help-title">
          <h2 className="card-title" id="coupon-help-title">
            About coupons
          </h2>
          <ul className="help-list small">
            <li>A coupon is issued for one account and can be redeemed once.</li>
            <li>Its amount is added to your wallet as soon as it is accepted.</li>
          </ul>
        </section>
      </aside>
    </div>
  );
};
