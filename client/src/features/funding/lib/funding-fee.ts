import { WALLET_FUNDING_MIN_KOBO } from '@vendo/shared/constants';
import { basisPointsOfKobo, isValidNaira, nairaToKobo } from '@vendo/shared/money';

/** The fund page's fee is 1% of the payment (100 basis points) unless an admin changed it. */
export const FUND_PAGE_FEE_BP = 100;

/** The fee in basis points from GET /site's percent, else the default. */
export const feeBasisPoints = (percent: number | undefined): number =>
  percent !== undefined && Number.isFinite(percent) && percent >= 0
    ? Math.round(percent * 100)
    : FUND_PAGE_FEE_BP;

/** What a payment of `kobo` credits to the wallet once the fee is taken. */
export const creditAfterFee = (kobo: number, basisPoints = FUND_PAGE_FEE_BP): number =>
  kobo - basisPointsOfKobo(kobo, basisPoints);

export type TAmountCheck = { ok: true; kobo: number } | { ok: false; message: string };

/** 'enter a valid amount' (missing, not money), then 'minimum payment is 100'. */
export const checkFundingAmount = (amount: string): TAmountCheck => {
  const text = amount.trim();
  if (text === '' || !isValidNaira(text) || nairaToKobo(text) === 0) {
    return { ok: false, message: 'enter a valid amount' };
  }
  const kobo = nairaToKobo(text);
  if (kobo < WALLET_FUNDING_MIN_KOBO) return { ok: false, message: 'minimum payment is 100' };
  return { ok: true, kobo };
};
