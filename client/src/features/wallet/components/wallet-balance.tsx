import { formatNairaAmount } from '@vendo/shared/money';
import { useAppSelector } from '@/app/hooks';

/** The wallet balance above a form, so the user knows what they can move. */
export const WalletBalance = () => {
  const balance = useAppSelector((state) => state.auth.user?.balance ?? 0);
  return (
    <p className="wallet-line">
      <span>Wallet balance</span>
      <strong data-testid="wallet-balance">{formatNairaAmount(balance)}</strong>
    </p>
  );
};
