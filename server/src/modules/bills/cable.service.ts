import { CABLE_PROVIDER_NAMES, type TCableProvider, type TUserType } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type {
  TCablePlansResponse,
  TCableVerifyResponse,
} from '@vendo/shared/schemas/bills.responses';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { executePurchase, type PurchaseOutcome } from '../vending/purchase.service.ts';
import { billsSupplierOf } from './bills-supplier.ts';
import {
  assertBillsServiceOpen,
  billsPriceKoboFor,
  holdQuote,
  renewalChargeKobo,
  openServiceWithQuote,
} from './bills-terms.ts';
import {
  findBillsProduct,
  findBillsProductBySupplierCode,
  listBillsProducts,
} from './bills.repository.ts';

/**
 * Cable TV (docs/product-rules.md#cable-tv): bouquets priced for the caller's tier, smartcard
 * verification held as a quote, and subscriptions through the purchase state machine with the
 * bills supplier. A renewal charges its quote's amount; a change the chosen bouquet's tier price.
 */

const paused = (provider: TCableProvider) =>
  `${CABLE_PROVIDER_NAMES[provider]} subscriptions are paused at the moment. Please try again later.`;

/** GET /cable/plans: the provider's available bouquets at the caller's tier. */
export const cablePlans = async (
  ctx: AppContext,
  provider: TCableProvider,
  userType: TUserType,
): Promise<TCablePlansResponse> => {
  await assertBillsServiceOpen(ctx, provider, paused(provider));
  const products = await listBillsProducts(ctx.db, [provider]);
  return {
    plans: products
      .filter((p) => p.isAvailable)
      .map((p) => ({
        code: p.code,
        name: p.name,
        amount: koboToNaira(billsPriceKoboFor(p, userType)),
        provider,
      })),
  };
};

/**
 * POST /cable/verify: asks the supplier who the smartcard is and what renewing costs, and holds
 * that as a quote. Showmax has no verification: its "smartcard" is a phone, and it is bought
 * by choosing a plan.
 */
export const verifyCable = async (
  ctx: AppContext,
  user: UserRow,
  { provider, smartcardNumber }: { provider: TCableProvider; smartcardNumber: string },
): Promise<TCableVerifyResponse> => {
  await assertBillsServiceOpen(ctx, provider, paused(provider));
  if (provider === 'showmax') {
    const quote = await holdQuote(ctx, {
      userId: user.id,
      serviceId: provider,
      billersCode: smartcardNumber,
      customerName: smartcardNumber,
    });
    return {
      customerName: smartcardNumber,
      currentBouquet: null,
      currentBouquetCode: null,
      dueDate: null,
      renewalAmount: null,
      quoteId: quote.id,
      expiresAt: quote.expiresAt.toISOString(),
    };
  }
  const customer = await billsSupplierOf(ctx).verify({
    serviceId: provider,
    billersCode: smartcardNumber,
  });
  if (!customer.valid) throw new AppError('VALIDATION_ERROR', { msg: customer.message });
  const bouquet = customer.currentBouquetCode
    ? await findBillsProductBySupplierCode(ctx.db, provider, customer.currentBouquetCode)
    : null;
  const supplierRenewalKobo = customer.renewalAmountKobo ?? null;
  const charge =
    supplierRenewalKobo === null
      ? null
      : renewalChargeKobo(supplierRenewalKobo, bouquet, user.userType as TUserType);
  const dueDate = customer.dueDate?.slice(0, 10) ?? null;
  const quote = await holdQuote(ctx, {
    userId: user.id,
    serviceId: provider,
    billersCode: smartcardNumber,
    customerName: customer.name,
    currentBouquet: bouquet?.name ?? customer.currentBouquet ?? null,
    currentBouquetCode: bouquet?.code ?? null,
    dueDate,
    supplierRenewalKobo,
    renewalChargeKobo: charge,
  });
  return {
    customerName: customer.name,
    currentBouquet: quote.currentBouquet,
    currentBouquetCode: quote.currentBouquetCode,
    dueDate,
    renewalAmount: charge === null ? null : koboToNaira(charge),
    quoteId: quote.id,
    expiresAt: quote.expiresAt.toISOString(),
  };
};

export type BuyCableInput = {
  user: UserRow;
  provider: TCableProvider;
  smartcardNumber: string;
  phone: string;
  subscriptionType: 'renew' | 'change';
  quoteId?: string | undefined;
  planCode?: string | undefined;
  requestId?: string | null;
};

/**
 * The service open, and what the purchase pays for: the bouquet, what it charges and costs, and
 * what the supplier is sent.
 */
const termsOf = async (ctx: AppContext, input: BuyCableInput) => {
  const { user, provider, smartcardNumber } = input;
  if (input.subscriptionType === 'renew') {
    if (provider === 'showmax') {
      await assertBillsServiceOpen(ctx, provider, paused(provider));
      throw new AppError('VALIDATION_ERROR', {
        msg: 'Showmax is not renewed: choose a plan (subscriptionType "change")',
      });
    }
    // The lock and the quote in one read: a renewal reads nothing else before its debit.
    const quote = await openServiceWithQuote(
      ctx,
      user,
      { serviceId: provider, pausedMessage: paused(provider), quoteId: input.quoteId! },
      { billersCode: smartcardNumber, what: 'smartcard' },
    );
    if (quote.renewalChargeKobo === null || quote.supplierRenewalKobo === null) {
      throw new AppError('VALIDATION_ERROR', {
        msg: 'This smartcard’s bouquet cannot be renewed here: choose a bouquet',
      });
    }
    return {
      bouquet: quote.currentBouquet ?? 'current bouquet',
      bouquetCode: quote.currentBouquetCode,
      customerName: quote.customerName,
      chargeKobo: quote.renewalChargeKobo,
      costKobo: quote.supplierRenewalKobo,
      variationCode: undefined,
      quoteId: quote.id,
    };
  }
  await assertBillsServiceOpen(ctx, provider, paused(provider));
  const product = await findBillsProduct(ctx.db, provider, input.planCode!);
  if (!product) {
    throw new AppError('NOT_FOUND', {
      msg: `That bouquet does not exist for ${CABLE_PROVIDER_NAMES[provider]}`,
    });
  }
  if (!product.isAvailable) {
    throw new AppError('VALIDATION_ERROR', { msg: 'This bouquet is not available at the moment' });
  }
  return {
    bouquet: product.name,
    bouquetCode: product.code,
    customerName: null,
    chargeKobo: billsPriceKoboFor(product, user.userType as TUserType),
    costKobo: product.costPriceKobo,
    variationCode: product.supplierCode,
    quoteId: null,
  };
};

/** POST /buy/cable: a renewal at its quote's amount, or a bouquet change at the tier price. */
export const buyCable = async (ctx: AppContext, input: BuyCableInput): Promise<PurchaseOutcome> => {
  const { provider, smartcardNumber, phone, subscriptionType } = input;
  const terms = await termsOf(ctx, input);
  // Stored on the receipt before the order goes out: the re-query's key if no answer comes.
  const vtpassRequestId = billsSupplierOf(ctx).newRequestId();
  return executePurchase(ctx, input.user, {
    // The provider (a few values, as the history totals group by it); the receipt shows
    // "<bouquet> for <smartcard>" (transactions.mapper.ts).
    network: CABLE_PROVIDER_NAMES[provider],
    metricsLabel: provider,
    phone,
    chargeKobo: terms.chargeKobo,
    costKobo: terms.costKobo,
    supplier: 'VTPASS',
    requestId: input.requestId ?? null,
    details: {
      provider,
      smartcardNumber,
      billersCode: smartcardNumber,
      phone,
      subscriptionType,
      bouquet: terms.bouquet,
      ...(terms.bouquetCode ? { bouquetCode: terms.bouquetCode } : {}),
      ...(terms.customerName ? { customerName: terms.customerName } : {}),
      ...(terms.quoteId ? { quoteId: terms.quoteId } : {}),
      vtpassRequestId,
    },
    order: {
      kind: 'cable',
      bills: {
        requestId: vtpassRequestId,
        serviceId: provider,
        billersCode: smartcardNumber,
        ...(terms.variationCode ? { variationCode: terms.variationCode } : {}),
        amountKobo: terms.costKobo,
        phone,
        subscriptionType,
      },
    },
  });
};
