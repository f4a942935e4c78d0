import {
  EPIN_SERVICES,
  NETWORKS,
  type TEpinValue,
  type TNetwork,
  type TUserType,
} from '@vendo/shared/constants';
import { formatNaira, koboToNaira } from '@vendo/shared/money';
import type { TEpinProductsResponse } from '@vendo/shared/schemas/epin';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { executePurchase, type PurchaseOutcome } from '../vending/purchase.service.ts';
import { billsSupplierOf } from './bills-supplier.ts';
import { assertBillsServiceOpen, billsPriceKoboFor } from './bills-terms.ts';
import { findBillsProduct, listBillsProducts, openBillsServiceIds } from './bills.repository.ts';

/**
 * Recharge-card PINs (docs/product-rules.md#e-pins): a network's airtime PINs in batches, for a
 * shop to print and sell, through the purchase state machine with the bills supplier. The
 * delivered PINs are sealed on the receipt like exam PINs (exam-pins.ts); cards the supplier does
 * not deliver go back to the wallet at once (purchase-refunds.ts, settlePartialDelivery).
 */

const paused = (network: TNetwork) =>
  `${network} e-PIN sales are paused at the moment. Please try again later.`;

const networkOf = (serviceId: string): TNetwork | undefined =>
  NETWORKS.find((n) => EPIN_SERVICES[n] === serviceId);

/** GET /epin/products: the card values on sale (available, network not paused), per card at the tier. */
export const epinProducts = async (
  ctx: AppContext,
  userType: TUserType,
): Promise<TEpinProductsResponse> => {
  const services = Object.values(EPIN_SERVICES);
  const [rows, open] = await Promise.all([
    listBillsProducts(ctx.db, services),
    openBillsServiceIds(ctx.db, services),
  ]);
  const products: TEpinProductsResponse['products'] = [];
  for (const row of rows) {
    const network = networkOf(row.serviceId);
    if (!network || !row.isAvailable || !open.has(row.serviceId)) continue;
    products.push({
      network,
      value: Number(row.code),
      amount: koboToNaira(billsPriceKoboFor(row, userType)),
    });
  }
  return { products };
};

export type BuyEpinInput = {
  user: UserRow;
  network: TNetwork;
  value: TEpinValue;
  quantity: number;
  requestId?: string | null;
};

/** POST /buy/epin: `quantity` cards of one value at the tier's price each. */
export const buyEpin = async (ctx: AppContext, input: BuyEpinInput): Promise<PurchaseOutcome> => {
  const { user, network, value, quantity } = input;
  const serviceId = EPIN_SERVICES[network];
  await assertBillsServiceOpen(ctx, serviceId, paused(network));
  const card = await findBillsProduct(ctx.db, serviceId, String(value));
  if (!card?.isAvailable) {
    throw new AppError('VALIDATION_ERROR', {
      msg: `${network} ${formatNaira(value * 100)} cards are not available at the moment`,
    });
  }
  // The supplier wants a phone on every order: the buyer's own (a card is not sent anywhere).
  const phone = user.phoneNumber;
  const costKobo = card.costPriceKobo * quantity;
  const vtpassRequestId = billsSupplierOf(ctx).newRequestId();
  return executePurchase(ctx, user, {
    network,
    metricsLabel: network,
    phone,
    chargeKobo: billsPriceKoboFor(card, user.userType as TUserType) * quantity,
    costKobo,
    supplier: 'VTPASS',
    requestId: input.requestId ?? null,
    details: {
      cardValueKobo: value * 100,
      quantity,
      phone,
      billersCode: phone,
      vtpassRequestId,
    },
    order: {
      kind: 'epin',
      bills: {
        requestId: vtpassRequestId,
        serviceId,
        billersCode: phone,
        variationCode: card.supplierCode,
        amountKobo: costKobo,
        phone,
        quantity,
      },
    },
  });
};
