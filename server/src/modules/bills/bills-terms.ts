import { BILLS_QUOTE_MINUTES, type TUserType } from '@vendo/shared/constants';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import {
  findBillsQuote,
  findBillsService,
  findBillsServiceAndQuote,
  insertBillsQuote,
  type BillsProductRow,
  type BillsQuoteRow,
  type NewBillsQuote,
} from './bills.repository.ts';

/**
 * What cable and exam sales share (docs/product-rules.md#cable-tv, #exam-pins): the tier price of
 * a product, the service lock, and the quotes that hold a verification for BILLS_QUOTE_MINUTES.
 */

/** The price a tier pays for a bouquet or one PIN, in kobo. */
export const billsPriceKoboFor = (product: BillsProductRow, userType: TUserType): number =>
  userType === 'reseller'
    ? product.resellerPriceKobo
    : userType === 'api user'
      ? product.apiPriceKobo
      : product.smartEarnerPriceKobo;

/**
 * What renewing costs a tier (decision 0039): the supplier's renewal amount (what it will charge
 * us) plus the tier's margin on the matching bouquet (its tier price less its cost). Never below
 * the supplier's amount; null when we do not sell that bouquet or it is unavailable.
 */
export const renewalChargeKobo = (
  supplierRenewalKobo: number,
  bouquet: BillsProductRow | null,
  userType: TUserType,
): number | null => {
  if (!bouquet?.isAvailable) return null;
  const margin = billsPriceKoboFor(bouquet, userType) - bouquet.costPriceKobo;
  return supplierRenewalKobo + Math.max(margin, 0);
};

/** Refuses a sale of a service an admin has paused (or that does not exist). */
export const assertBillsServiceOpen = async (
  ctx: AppContext,
  serviceId: string,
  pausedMessage: string,
): Promise<void> => {
  refuseUnlessOpen(await findBillsService(ctx.db, serviceId), pausedMessage);
};

const refuseUnlessOpen = (service: { isOpen: boolean } | null, pausedMessage: string) => {
  if (!service) throw new AppError('NOT_FOUND', { msg: 'That service does not exist' });
  if (!service.isOpen) throw new AppError('SERVICE_LOCKED', { msg: pausedMessage });
};

/** Holds a verification for BILLS_QUOTE_MINUTES (the database's clock decides its expiry). */
export const holdQuote = (ctx: AppContext, quote: Omit<NewBillsQuote, 'expiresAt'>) =>
  insertBillsQuote(ctx.db, quote, BILLS_QUOTE_MINUTES);

type QuoteExpectation = { serviceId: string; billersCode?: string; what: string };

/**
 * The quote a purchase names, refused unless it is this user's, for this service and number, and
 * not expired. Another user's quote is the same 404 as a missing one (ids cannot be probed).
 */
export const usableQuote = async (
  ctx: AppContext,
  user: UserRow,
  quoteId: string,
  expect: QuoteExpectation,
): Promise<BillsQuoteRow> => checkQuote(await findBillsQuote(ctx.db, quoteId), user, expect);

/**
 * The service's lock and the purchase's quote read in one statement, refused as
 * assertBillsServiceOpen and usableQuote refuse them, in that order.
 */
export const openServiceWithQuote = async (
  ctx: AppContext,
  user: UserRow,
  {
    serviceId,
    pausedMessage,
    quoteId,
  }: { serviceId: string; pausedMessage: string; quoteId: string },
  expect: Omit<QuoteExpectation, 'serviceId'>,
): Promise<BillsQuoteRow> => {
  const found = await findBillsServiceAndQuote(ctx.db, serviceId, quoteId);
  refuseUnlessOpen(found, pausedMessage);
  return checkQuote(found!.quote, user, { ...expect, serviceId });
};

const checkQuote = (
  quote: (BillsQuoteRow & { expired: boolean }) | null,
  user: UserRow,
  expect: QuoteExpectation,
): BillsQuoteRow => {
  if (!quote || quote.userId !== user.id) {
    throw new AppError('NOT_FOUND', {
      msg: `That verification was not found. Verify the ${expect.what} again.`,
    });
  }
  if (quote.serviceId !== expect.serviceId) {
    throw new AppError('VALIDATION_ERROR', {
      msg: `That verification is for another service. Verify the ${expect.what} again.`,
    });
  }
  if (expect.billersCode !== undefined && quote.billersCode !== expect.billersCode) {
    throw new AppError('VALIDATION_ERROR', {
      msg: `That verification is for another ${expect.what}. Verify this one first.`,
    });
  }
  if (quote.expired) {
    throw new AppError('VALIDATION_ERROR', {
      msg: `That verification has expired (after ${BILLS_QUOTE_MINUTES} minutes). Verify the ${expect.what} again.`,
    });
  }
  return quote;
};
