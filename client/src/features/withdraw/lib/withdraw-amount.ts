import { WITHDRAWAL_FEE_KOBO } from '@vendo/shared/constants';
import { isValidNaira, nairaToKobo } from '@vendo/shared/money';

/** The smallest withdrawal, in kobo (the server's rule: amount ≥ ₦100). */
export const WITHDRAWAL_MIN_KOBO = 100_00;

export { WITHDRAWAL_FEE_KOBO };

/** What the recipient gets for a withdrawal of `kobo` (amount − ₦50). */
export const receivedKobo = (kobo: number): number => Math.max(0, kobo - WITHDRAWAL_FEE_KOBO);

export type TWithdrawAmountCheck = { ok: true; kobo: number } | { ok: false; message: string };

/** The amount field of a beneficiary card, checked before the confirmation opens. */
export const checkWithdrawAmount = (
  amount: string,
  balanceNaira: number | null,
): TWithdrawAmountCheck => {
  const text = amount.trim();
  if (text === '' || !isValidNaira(text) || nairaToKobo(text) === 0) {
    return { ok: false, message: 'Enter a valid amount' };
  }
  const kobo = nairaToKobo(text);
  if (kobo < WITHDRAWAL_MIN_KOBO) return { ok: false, message: 'Minimum withdrawal is ₦100' };
  if (balanceNaira !== null && kobo > Math.round(balanceNaira * 100)) {
    return { ok: false, message: 'Insufficient balance' };
  }
  return { ok: true, kobo };
};

/** The amount as typed, in kobo, when it is a valid amount of at least the minimum. */
export const typedKobo = (amount: string): number | null => {
  const text = amount.trim();
  if (text === '' || !isValidNaira(text)) return null;
  const kobo = nairaToKobo(text);
  return kobo >= WITHDRAWAL_MIN_KOBO ? kobo : null;
};
