import { AIRTIME_RATE_BP, ELECTRICITY_FEE_KOBO, USER_TYPES } from './constants.ts';
import { koboToNaira } from './money.ts';
import type { TServicePricesResponse } from './schemas/catalogue.ts';

/**
 * What airtime and electricity cost, from the very constants a purchase is charged with: the
 * public price list shows it, and GET /prices/services answers it.
 */
export const servicePrices = (): TServicePricesResponse => ({
  airtime: USER_TYPES.map((userType) => ({
    userType,
    chargePercent: AIRTIME_RATE_BP[userType] / 100,
    discountPercent: (10_000 - AIRTIME_RATE_BP[userType]) / 100,
  })),
  electricity: { feeNaira: koboToNaira(ELECTRICITY_FEE_KOBO) },
});
