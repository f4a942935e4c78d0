import { DISCOS, type TNetwork, type TSupplier, type TUserType } from '@vendo/shared/constants';
import { formatNaira, koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MeterQuery, MeterResult, PurchaseKind } from '../../providers/vending/port.ts';
import type { UserRow } from '../users/users.repository.ts';
import { priceAirtime, priceData, priceElectricity } from '../catalogue/pricing.ts';
import { executePurchase, type PurchaseOutcome } from './purchase.service.ts';
import { findSaleTerms, isServiceLocked, type SaleTerms } from './purchase.repository.ts';

/**
 * Buying data, airtime and electricity: each service checks the service lock, finds the plan or
 * meter, prices for the buyer's tier, picks the supplier, and runs the purchase state machine.
 * Inputs are plain values (the route has parsed and validated them); nothing here sees HTTP.
 */

export type BuyDataInput = {
  user: UserRow;
  network: TNetwork;
  phone: string;
  /** The plan id customers see, or our id for it. */
  plan: string;
  ported: boolean;
  /** The client's request_id / Idempotency-Key, stored on the receipt. */
  requestId?: string | null;
  /** The charge the buyer confirmed, when the client sent it (see assertConfirmedCharge). */
  expectedChargeKobo?: number | undefined;
};

export type BuyAirtimeInput = {
  user: UserRow;
  network: TNetwork;
  phone: string;
  amountKobo: number;
  ported: boolean;
  requestId?: string | null;
  expectedChargeKobo?: number | undefined;
};

export type BuyElectricityInput = MeterQuery & {
  user: UserRow;
  amountKobo: number;
  /** The number the token is sent to; the buyer's own when absent. */
  phone: string | undefined;
  requestId?: string | null;
  expectedChargeKobo?: number | undefined;
};

const lockedMessage = (service: PurchaseKind) =>
  `${service[0]!.toUpperCase()}${service.slice(1)} purchases are paused at the moment. Please try again later.`;

/**
 * Why a sale on these terms is refused before any money moves (the service paused, whole or on
 * this network), or null when it may go ahead.
 */
export const termsRefusal = (
  terms: SaleTerms,
  query: { service: PurchaseKind; network: TNetwork },
): string | null => {
  if (terms.locked) return lockedMessage(query.service);
  if (terms.networkLocked) {
    return `${query.network} ${query.service} purchases are paused at the moment. Please try again later.`;
  }
  return null;
};

/**
 * The plan a data sale may sell, or why not: none by that id on the network, or one made
 * unavailable.
 */
export const sellablePlan = (
  plan: SaleTerms['plan'],
):
  | { ok: true; plan: NonNullable<SaleTerms['plan']> }
  | { ok: false; code: 'NOT_FOUND' | 'VALIDATION_ERROR'; msg: string } => {
  if (!plan)
    return { ok: false, code: 'NOT_FOUND', msg: 'That data plan does not exist for this network' };
  if (!plan.isAvailable) {
    return {
      ok: false,
      code: 'VALIDATION_ERROR',
      msg: 'This data plan is not available at the moment',
    };
  }
  return { ok: true, plan };
};

/**
 * The sale's terms (service lock, supplier, plan), refusing a purchase of a service an admin has
 * locked.
 */
const openTerms = async (
  ctx: AppContext,
  query: { service: PurchaseKind; network: TNetwork; plan?: string },
): Promise<SaleTerms> => {
  const terms = await findSaleTerms(ctx.db, query);
  const refusal = termsRefusal(terms, query);
  if (refusal) throw new AppError('SERVICE_LOCKED', { msg: refusal });
  return terms;
};

/**
 * Refuses a purchase whose buyer confirmed another charge than the one it would debit (an admin
 * changed the price after their screen showed it): nothing is charged, and the answer names the
 * charge now. `chargeKobo` is the very amount the purchase debits, priced from the terms this
 * purchase read, so no price change can come between this check and the debit. Without an
 * expected charge (clients that never send one) the purchase goes ahead at the current price.
 */
const assertConfirmedCharge = (expectedKobo: number | undefined, chargeKobo: number): void => {
  if (expectedKobo === undefined || expectedKobo === chargeKobo) return;
  throw new AppError('PRICE_CHANGED', {
    msg: `The price changed from ${formatNaira(expectedKobo)} to ${formatNaira(chargeKobo)}. Confirm the new price to buy.`,
    details: { currentAmount: koboToNaira(chargeKobo) },
  });
};

/** Refuses a purchase of a service an admin has locked. */
const assertServiceOpen = async (ctx: AppContext, service: PurchaseKind): Promise<void> => {
  if (await isServiceLocked(ctx.db, service)) {
    throw new AppError('SERVICE_LOCKED', { msg: lockedMessage(service) });
  }
};

/** Buys a data plan at the buyer's tier price from the supplier that serves the network. */
export const buyData = async (ctx: AppContext, input: BuyDataInput): Promise<PurchaseOutcome> => {
  const terms = await openTerms(ctx, {
    service: 'data',
    network: input.network,
    plan: input.plan,
  });
  const { supplier, suppliers, costPerGbKobo } = terms;
  const sellable = sellablePlan(terms.plan);
  if (!sellable.ok) throw new AppError(sellable.code, { msg: sellable.msg });
  const { plan } = sellable;
  const price = priceData(plan, input.user.userType as TUserType, costPerGbKobo);
  assertConfirmedCharge(input.expectedChargeKobo, price.chargeKobo);
  const planIdAt = (s: TSupplier) => plan.supplierPlanIds[s] ?? plan.planId;
  const supplierPlanId = planIdAt(supplier);
  const orderAt = (s: TSupplier) => ({
    kind: 'data' as const,
    network: input.network,
    phone: input.phone,
    supplierPlanId: planIdAt(s),
    ported: input.ported,
  });
  return executePurchase(ctx, input.user, {
    network: input.network,
    phone: input.phone,
    ...price,
    supplier,
    planId: plan.id,
    ported: input.ported,
    requestId: input.requestId ?? null,
    details: {
      plan: plan.plan,
      planType: plan.planType,
      validity: plan.validity,
      planId: plan.planId,
      // What the supplier's answer must name as the plan (answer-check.ts).
      supplierPlanId,
    },
    order: orderAt(supplier),
    fallbacks: suppliers.slice(1).map((s) => ({
      supplier: s,
      order: orderAt(s),
      details: { supplierPlanId: planIdAt(s) },
    })),
  });
};

/** Buys airtime at the tier's discount from the supplier that serves the network. */
export const buyAirtime = async (
  ctx: AppContext,
  input: BuyAirtimeInput,
): Promise<PurchaseOutcome> => {
  const { supplier, suppliers } = await openTerms(ctx, {
    service: 'airtime',
    network: input.network,
  });
  const price = priceAirtime(
    input.amountKobo,
    input.user.userType as TUserType,
    ctx.config.vending.airtimeCostBasisPoints,
  );
  assertConfirmedCharge(input.expectedChargeKobo, price.chargeKobo);
  const airtimeOrder = {
    kind: 'airtime' as const,
    network: input.network,
    phone: input.phone,
    amountKobo: input.amountKobo,
    ported: input.ported,
  };
  return executePurchase(ctx, input.user, {
    network: input.network,
    phone: input.phone,
    ...price,
    supplier,
    ported: input.ported,
    requestId: input.requestId ?? null,
    details: { faceValueKobo: input.amountKobo },
    order: airtimeOrder,
    fallbacks: suppliers.slice(1).map((s) => ({ supplier: s, order: airtimeOrder })),
  });
};

/** Asks the electricity supplier whose meter this is; refuses an invalid meter. */
export const validateMeter = async (ctx: AppContext, query: MeterQuery): Promise<MeterResult> => {
  await assertServiceOpen(ctx, 'electricity');
  let meter: MeterResult;
  try {
    meter = await ctx.suppliers.get(ctx.config.vending.electricitySupplier).validateMeter(query);
  } catch {
    throw new AppError('PROVIDER_ERROR', {
      msg: 'We could not reach the electricity company. Please try again.',
    });
  }
  if (!meter.valid) {
    throw new AppError('VALIDATION_ERROR', { msg: meter.name || 'INVALID METER NUMBER' });
  }
  return meter;
};

/**
 * Pays an electricity token: the meter is validated again before any money moves (the client's
 * earlier check is no proof), then the amount plus the fee is charged.
 */
export const buyElectricity = async (
  ctx: AppContext,
  input: BuyElectricityInput,
): Promise<PurchaseOutcome & { meterNumber: string; customerName: string }> => {
  const price = priceElectricity(input.amountKobo);
  // Before the meter is asked about: a price the buyer did not confirm needs no supplier call.
  assertConfirmedCharge(input.expectedChargeKobo, price.chargeKobo);
  const meter = await validateMeter(ctx, input);
  const disco = DISCOS.find((d) => d.id === input.discoId)!;
  const phone = input.phone ?? input.user.phoneNumber;
  const outcome = await executePurchase(ctx, input.user, {
    network: disco.name,
    phone,
    ...price,
    supplier: ctx.config.vending.electricitySupplier,
    requestId: input.requestId ?? null,
    details: {
      meterNumber: input.meterNumber,
      meterType: input.meterType,
      discoId: input.discoId,
      customerName: meter.name,
      amountKobo: input.amountKobo,
    },
    order: {
      kind: 'electricity',
      discoId: input.discoId,
      meterNumber: input.meterNumber,
      meterType: input.meterType,
      amountKobo: input.amountKobo,
      phone,
      customerName: meter.name,
    },
  });
  return { ...outcome, meterNumber: input.meterNumber, customerName: meter.name };
};
