import { formatNairaAmount } from '@vendo/shared/money';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { useAppSelector } from '@/app/hooks';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-error';
import '../wallet.css';
import { useGetReferralsQuery } from '../api/get-referrals.api';
import { useWithdrawEarningMutation } from '../api/withdraw-earning.api';

/**
 * /profile/earnings (docs/product-rules.md#referrals): the earnings balance, total referred, total
 * earned, withdrawn, "Withdraw to wallet" (nothing to move at ₦0) and the paged referral list.
 */
export const EarningsPage = () => {
  const [page, setPage] = useState(1);
  const isAdmin = useAppSelector((state) => state.auth.isAdmin);
  const { data, isError, refetch } = useGetReferralsQuery(page, {
    refetchOnMountOrArgChange: true,
  });
  const [withdrawEarning, { isLoading: withdrawing }] = useWithdrawEarningMutation();

  const withdraw = async () => {
    try {
      // The call invalidates the earnings and the wallet: the totals here are fetched again.
      const answer = await withdrawEarning(undefined).unwrap();
      toast.success(answer.msg);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const earningBalance = data?.earningBalance ?? 0;
  const list = data?.referralList ?? [];

  return (
    <div className="earnings-layout">
      <section className="card" aria-labelledby="earnings-title">
        <h1 className="card-title" id="earnings-title">
          Earnings
        </h1>
        <p className="muted small">
          You earn ₦500 when someone who registered with your referral link upgrades to reseller.
        </p>
        {isError && !data && (
          <p className="form-alert" role="alert">
            Your earnings could not be loaded.{' '}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refetch()}>
              Try again
            </button>
          </p>
        )}
        <dl className="stat-grid">
          <div className="stat-main">
            <dt>Earnings balance</dt>
            <dd data-testid="earning-balance">{formatNairaAmount(earningBalance)}</dd>
          </div>
          <div>
            <dt>Total referred</dt>
            <dd data-testid="total-referred">{data?.totalReferred ?? 0}</dd>
          </div>
          <div>
            <dt>Total earned</dt>
            <dd data-testid="total-earned">{formatNairaAmount(data?.totalEarned ?? 0)}</dd>
          </div>
          <div>
            <dt>Withdrawn</dt>
            <dd data-testid="withdrawn">{formatNairaAmount(data?.withdrawn ?? 0)}</dd>
          </div>
        </dl>
        <div className="earnings-actions">
          <button
            type="button"
            className="btn btn-primary btn-block btn-lg"
            onClick={() => void withdraw()}
            disabled={!data || earningBalance <= 0 || withdrawing}
          >
            {withdrawing ? 'Withdrawing...' : 'Withdraw to wallet'}
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="referrals-title">
        <h2 className="card-title" id="referrals-title">
          Your referrals
        </h2>
        {data && list.length === 0 ? (
          <div className="empty-state">
            <p>Nobody has registered with your link yet.</p>
          </div>
        ) : (
          <table className="referral-table" aria-labelledby="referrals-title">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col" className="cell-money">
                  Amount earned
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((referral) => (
                <tr key={referral.userName}>
                  <td>{referral.userName}</td>
                  <td className="cell-money">{formatNairaAmount(referral.amountEarned)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination
          page={page}
          totalPages={data?.totalPages ?? 0}
          onPage={setPage}
          isAdmin={isAdmin}
          label="Referral pages"
        />
      </section>
    </div>
  );
};
