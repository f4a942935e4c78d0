import { formatNairaAmount } from '@vendo/shared/money';
import { ZGenerateCouponRequest } from '@vendo/shared/schemas/funding';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { FormAlert } from '@/components/ui/form-alert';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { copyText } from '@/lib/clipboard';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { formatDay, formatDateTime } from '@/lib/format-date';
import '../admin.css';
import { useGenerateCouponMutation, useGetCouponsQuery } from '../api/mail-and-coupons.api';

/**
 * /admin/generateCoupon (admins and coupon vendors, docs/product-rules.md#coupons): a coupon for a
 * user's wallet, its code shown to pass on, and the coupons issued so far with their state.
 */
export const GenerateCouponPage = () => {
  const isAdmin = useAppSelector((s) => s.auth.isAdmin || s.auth.user?.isAdmin === true);
  const form = useForm({ userAccount: '', amount: '' });
  const [code, setCode] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [generate, { isLoading }] = useGenerateCouponMutation();
  const coupons = useGetCouponsQuery({ page });

  const onSubmit = form.handleSubmit(
    async () => {
      const values = { userAccount: form.values.userAccount, amount: Number(form.values.amount) };
      if (!form.check(validate(ZGenerateCouponRequest, values))) return;
      const answer = await generate(values).unwrap();
      setCode(answer.couponCode);
      toast.success(answer.msg);
      form.setValues({ userAccount: '', amount: '' });
    },
    { errorIn: 'both' },
  );

  return (
    <div className="admin-page">
      <section className="card form-card" aria-labelledby="coupon-title">
        <h1 className="card-title" id="coupon-title">
          Generate coupon
        </h1>
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormAlert message={form.alert} id={form.alertId} />
          <TextField
            label="For (username)"
            autoComplete="off"
            maxLength={40}
            {...form.bind('userAccount')}
          />
          <TextField
            label="Amount (₦)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={form.values.amount}
            onChange={(event) => form.set('amount', event.target.value.replace(/[^\d.]/g, ''))}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
            {isLoading ? 'Generating...' : 'Generate'}
          </button>
        </form>
        {code && (
          <div className="notice notice-success" role="status">
            <p className="small">Coupon code: only its owner can redeem it, once.</p>
            <p className="admin-code" data-testid="coupon-code">
              {code}
            </p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() =>
                void copyText(code).then((ok) =>
                  ok ? toast.success('Copied') : toast.error('Copy it by hand'),
                )
              }
            >
              Copy
            </button>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="issued-title">
        <h2 className="card-title" id="issued-title">
          Issued coupons {coupons.data ? `(${coupons.data.total})` : ''}
        </h2>
        {!coupons.data && coupons.isFetching && <Spinner />}
        {coupons.isError && <p className="muted">The list could not load.</p>}
        {coupons.data?.coupons.length === 0 && <p className="muted">No coupon issued yet.</p>}
        <ul className="admin-cards admin-cards-always" aria-label="Issued coupons">
          {coupons.data?.coupons.map((c) => (
            <li key={c._id} className="admin-row-button">
              <span className="admin-row-main">
                <strong className="admin-code">{c.couponCode}</strong>
                <span className="muted small">
                  {c.userName} · by {c.issuedBy} · {formatDateTime(c.createdAt)}
                </span>
              </span>
              <span className="admin-row-main">
                <strong>{formatNairaAmount(c.amount)}</strong>
                <span className={c.status === 'active' ? 'admin-tag' : 'admin-tag admin-tag-warn'}>
                  {c.status === 'active' ? 'Active' : `Redeemed ${formatDay(c.redeemedAt)}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={coupons.data?.totalPages ?? 0}
          isAdmin={isAdmin}
          label="Coupon pages"
          onPage={setPage}
        />
      </section>
    </div>
  );
};
