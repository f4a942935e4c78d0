import {
  EXAM_PRODUCTS,
  EXAM_PRODUCT_NAMES,
  isJambProduct,
  type TExamProduct,
  type TUserType,
} from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type {
  TExamProductsResponse,
  TExamVerifyResponse,
} from '@vendo/shared/schemas/bills.responses';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BillsServiceId } from '../../providers/bills/port.ts';
import type { UserRow } from '../users/users.repository.ts';
import { executePurchase, type PurchaseOutcome } from '../vending/purchase.service.ts';
import { billsSupplierOf } from './bills-supplier.ts';
import {
  assertBillsServiceOpen,
  billsPriceKoboFor,
  holdQuote,
  usableQuote,
} from './bills-terms.ts';
import { findBillsProduct, listBillsProducts } from './bills.repository.ts';

/**
 * Exam PINs (docs/product-rules.md#exam-pins): WAEC, NECO, NABTEB PINs to a phone, JAMB PINs to a
 * verified candidate profile (its quote), each through the purchase state machine with the bills
 * supplier. Delivered PINs are sealed on the receipt (exam-pins.ts).
 */

/** The bills service selling a product: JAMB's two products share one. */
export const examServiceOf = (product: TExamProduct): BillsServiceId =>
  isJambProduct(product) ? 'jamb' : (product as Exclude<TExamProduct, 'jamb-utme' | 'jamb-de'>);

const paused = (product: TExamProduct) =>
  `${EXAM_PRODUCT_NAMES[product]} sales are paused at the moment. Please try again later.`;

const productOf = async (ctx: AppContext, product: TExamProduct) => {
  const row = await findBillsProduct(ctx.db, examServiceOf(product), product);
  if (!row) throw new AppError('NOT_FOUND', { msg: 'That exam PIN does not exist' });
  if (!row.isAvailable) {
    throw new AppError('VALIDATION_ERROR', {
      msg: `${EXAM_PRODUCT_NAMES[product]} is not available at the moment`,
    });
  }
  return row;
};

/** GET /exam/products: the products on sale (available, not paused), per PIN at the tier. */
export const examProducts = async (
  ctx: AppContext,
  userType: TUserType,
): Promise<TExamProductsResponse> => {
  const services = [...new Set(EXAM_PRODUCTS.map(examServiceOf))];
  const rows = await listBillsProducts(ctx.db, services);
  const open = new Set<string>();
  for (const service of services) {
    try {
      await assertBillsServiceOpen(ctx, service, '');
      open.add(service);
    } catch {
      // Paused: its products are not offered.
    }
  }
  const products: TExamProductsResponse['products'] = [];
  for (const row of rows) {
    const code = EXAM_PRODUCTS.find((p) => p === row.code);
    if (!code || !row.isAvailable || !open.has(row.serviceId)) continue;
    products.push({
      code,
      name: row.name,
      amount: koboToNaira(billsPriceKoboFor(row, userType)),
      needsProfile: isJambProduct(code),
    });
  }
  return { products };
};

/** POST /exam/verify: a JAMB candidate's profile, held as a quote for the purchase. */
export const verifyExamProfile = async (
  ctx: AppContext,
  user: UserRow,
  { product, profileId }: { product: TExamProduct; profileId: string },
): Promise<TExamVerifyResponse> => {
  if (!isJambProduct(product)) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Only JAMB PINs need a candidate profile: buy this one directly',
    });
  }
  await assertBillsServiceOpen(ctx, 'jamb', paused(product));
  const row = await productOf(ctx, product);
  const candidate = await billsSupplierOf(ctx).verify({
    serviceId: 'jamb',
    billersCode: profileId,
    type: row.supplierCode,
  });
  if (!candidate.valid) throw new AppError('VALIDATION_ERROR', { msg: candidate.message });
  const quote = await holdQuote(ctx, {
    userId: user.id,
    serviceId: 'jamb',
    billersCode: profileId,
    customerName: candidate.name,
    product,
  });
  return {
    candidateName: candidate.name,
    quoteId: quote.id,
    expiresAt: quote.expiresAt.toISOString(),
  };
};

export type BuyExamInput = {
  user: UserRow;
  product: TExamProduct;
  quantity: number;
  phone: string;
  quoteId?: string | undefined;
  requestId?: string | null;
};

/** POST /buy/exam: `quantity` PINs at the tier's price each; JAMB only with a verified profile. */
export const buyExam = async (ctx: AppContext, input: BuyExamInput): Promise<PurchaseOutcome> => {
  const { user, product, quantity, phone } = input;
  const serviceId = examServiceOf(product);
  await assertBillsServiceOpen(ctx, serviceId, paused(product));
  const row = await productOf(ctx, product);
  let profile: { profileId: string; candidateName: string } | null = null;
  if (isJambProduct(product)) {
    if (!input.quoteId) {
      throw new AppError('VALIDATION_ERROR', {
        msg: "Verify the candidate's JAMB profile first",
      });
    }
    if (quantity !== 1) {
      throw new AppError('VALIDATION_ERROR', { msg: 'A JAMB PIN is bought one per candidate' });
    }
    const quote = await usableQuote(ctx, user, input.quoteId, {
      serviceId,
      what: 'JAMB profile',
    });
    if (quote.product !== product) {
      throw new AppError('VALIDATION_ERROR', {
        msg: 'That verification is for another JAMB PIN. Verify the JAMB profile again.',
      });
    }
    profile = { profileId: quote.billersCode, candidateName: quote.customerName };
  }
  const name = EXAM_PRODUCT_NAMES[product];
  const billersCode = profile?.profileId ?? phone;
  const costKobo = row.costPriceKobo * quantity;
  const vtpassRequestId = billsSupplierOf(ctx).newRequestId();
  return executePurchase(ctx, user, {
    // The product (the receipt shows "<name> × <quantity>", transactions.mapper.ts).
    network: name,
    metricsLabel: product,
    phone,
    chargeKobo: billsPriceKoboFor(row, user.userType as TUserType) * quantity,
    costKobo,
    supplier: 'VTPASS',
    requestId: input.requestId ?? null,
    details: {
      product,
      quantity,
      phone,
      billersCode,
      ...(profile
        ? {
            profileId: profile.profileId,
            customerName: profile.candidateName,
            quoteId: input.quoteId,
          }
        : {}),
      vtpassRequestId,
    },
    order: {
      kind: 'exam',
      bills: {
        requestId: vtpassRequestId,
        serviceId,
        billersCode,
        variationCode: row.supplierCode,
        amountKobo: costKobo,
        phone,
        quantity,
      },
    },
  });
};
