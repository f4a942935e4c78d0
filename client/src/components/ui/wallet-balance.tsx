import { formatNairaAmount } from '@vendo/shared/money';
import { useWalletBalance } from '@/lib/profile.api';

/**
 * The wallet balance above a form that spends or moves money, so the user knows what they have.
 * It is the server's (GET /auth), fetched again whenever a call moves money.
 */
export const WalletBalance = () => {
  const balance = useWalletBalance();
  return (
    <p className="wallet-line">
      <span>Wallet balance</span>
      <strong data-testid="wallet-balance" aria-busy={balance === undefined}>
        {balance === undefined ? '…' : formatNairaAmount(balance)}
      </strong>
    </p>
  );
};
