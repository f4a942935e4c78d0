import { z } from '../zod.ts';
import { CABLE_PROVIDERS, EXAM_PRODUCTS, EXAM_QUANTITY_MAX } from '../constants.ts';

/**
 * Cable TV and exam PIN requests (docs/product-rules.md#cable-tv, #exam-pins): the server parses
 * with them and the forms reuse them. The answers are in bills.responses.ts.
 */

const phone = z
  .string({ error: 'Enter the phone number' })
  .trim()
  .min(1, 'Enter the phone number')
  .regex(/^0\d{10}$/, 'Please check the phone number entered');

export const ZCableProvider = z.enum(CABLE_PROVIDERS, {
  error: 'Choose a provider: DStv, GOtv, StarTimes or Showmax',
});

export const ZExamProduct = z.enum(EXAM_PRODUCTS, {
  error: `Choose an exam PIN: ${EXAM_PRODUCTS.join(', ')}`,
});

/** A smartcard / IUC number (DStv, GOtv, StarTimes) or, for Showmax, a phone number. */
const smartcardNumber = z
  .union([z.string(), z.number()], { error: 'Enter the smartcard or IUC number' })
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'Enter the smartcard or IUC number')
      .regex(/^\d{10,12}$/, 'Enter a valid smartcard or IUC number (10 to 12 digits)'),
  );

/** GET /cable/plans?provider=… */
export const ZCablePlansQuery = z.object({ provider: ZCableProvider });
export type TCablePlansQuery = z.input<typeof ZCablePlansQuery>;

/** POST /cable/verify. Showmax has no smartcard: its `smartcardNumber` is the phone number. */
export const ZCableVerifyRequest = z.object({ provider: ZCableProvider, smartcardNumber });
export type TCableVerifyRequest = z.input<typeof ZCableVerifyRequest>;

const quoteId = z
  .string({ error: 'Verify the smartcard first' })
  .trim()
  .uuid('Verify the smartcard first');

/**
 * POST /buy/cable. A renewal pays the verified renewal amount held with `quoteId`, never an amount
 * the client sends; a change buys `planCode` at the caller's tier price.
 */
export const ZBuyCableRequest = z
  .object({
    provider: ZCableProvider,
    smartcardNumber,
    phone,
    subscriptionType: z.enum(['renew', 'change'], {
      error: "Choose whether to renew or change the bouquet ('renew' or 'change')",
    }),
    quoteId: quoteId.optional(),
    planCode: z.string().trim().min(1, 'Choose a bouquet').max(64, 'Choose a bouquet').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.subscriptionType === 'renew' && !body.quoteId) {
      ctx.addIssue({ code: 'custom', path: ['quoteId'], message: 'Verify the smartcard first' });
    }
    if (body.subscriptionType === 'change' && !body.planCode) {
      ctx.addIssue({ code: 'custom', path: ['planCode'], message: 'Choose a bouquet' });
    }
  });
export type TBuyCableRequest = z.input<typeof ZBuyCableRequest>;

/** POST /exam/verify: a JAMB candidate's profile code. */
export const ZExamVerifyRequest = z.object({
  product: ZExamProduct,
  profileId: z
    .union([z.string(), z.number()], { error: "Enter the candidate's JAMB profile code" })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .regex(/^\d{10}$/, "Enter the candidate's 10-digit JAMB profile code"),
    ),
});
export type TExamVerifyRequest = z.input<typeof ZExamVerifyRequest>;

/** POST /buy/exam. JAMB products need the quote of a verified profile. */
export const ZBuyExamRequest = z.object({
  product: ZExamProduct,
  quantity: z
    .union([z.number(), z.string()], { error: 'Enter how many PINs (1 to 10)' })
    .transform((v) => Number(v))
    .refine(
      (v) => Number.isInteger(v) && v >= 1 && v <= EXAM_QUANTITY_MAX,
      `Enter how many PINs (1 to ${EXAM_QUANTITY_MAX})`,
    ),
  phone,
  quoteId: quoteId.optional(),
});
export type TBuyExamRequest = z.input<typeof ZBuyExamRequest>;
