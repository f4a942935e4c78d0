import { z } from '../zod.ts';
import { AIRTIME_NETWORK_CODES, DATA_NETWORK_CODES, DISCOS, type TNetwork } from '../constants.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';

/**
 * Purchase requests (docs/product-rules.md#purchases): the server parses with them and the forms
 * reuse them. The answers are in purchase.responses.ts.
 */

const networkFromCode = (codes: Record<TNetwork, number>) => (code: number) =>
  (Object.entries(codes) as [TNetwork, number][]).find(([, c]) => c === code)?.[0];

const phone = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(/^0\d{10}$/, 'Please check the phone number entered');

const networkCode = (codes: Record<TNetwork, number>, requiredMessage: string) =>
  z
    .union([z.number(), z.string()], { error: requiredMessage })
    .refine((v) => v !== '' && String(v).toLowerCase() !== 'select', 'Please select a network')
    .transform((v) => Number(v))
    .refine((v) => networkFromCode(codes)(v) !== undefined, 'Please select a network')
    .transform((v) => networkFromCode(codes)(v)!);

/** Naira amount on the wire → integer kobo; refuses fractions of a kobo, negatives, NaN. */
const nairaAmount = (requiredMessage: string) =>
  z
    .union([z.number(), z.string()], { error: requiredMessage })
    .refine((v) => v !== '', requiredMessage)
    .refine((v) => isValidNaira(v), 'Enter a valid amount')
    .transform((v) => nairaToKobo(v));

const ported = z.boolean().optional().default(false);

/**
 * The charge the buyer's screen showed and they confirmed, in naira (→ kobo). Optional: when it
 * is sent and the charge for the caller's tier is now different, nothing is bought and the
 * answer is 409 PRICE_CHANGED with the current charge.
 */
const expectedAmount = z
  .union([z.number(), z.string()], { error: 'Enter a valid expected amount' })
  .refine((v) => isValidNaira(v), 'Enter a valid expected amount')
  .transform((v) => nairaToKobo(v))
  .optional();

/** A network by its code for the product, or by name ('MTN', 'glo'): bulk lines and CSV files. */
export const networkByCodeOrName = (codes: Record<TNetwork, number>, requiredMessage: string) =>
  z
    .union([z.number(), z.string()], { error: requiredMessage })
    .transform((v) =>
      typeof v === 'string' && codes[v.trim().toUpperCase() as TNetwork] !== undefined
        ? codes[v.trim().toUpperCase() as TNetwork]
        : v,
    )
    .pipe(networkCode(codes, requiredMessage));

export const ZBuyDataRequest = z.object({
  // An empty or missing network is 'Please select a network' (docs/product-rules.md#purchases).
  network: networkCode(DATA_NETWORK_CODES, 'Please select a network'),
  mobile_number: phone('Please provide all values'),
  plan: z
    .union([z.string(), z.number()], { error: 'Please provide all values' })
    .transform(String)
    .pipe(z.string().trim().min(1, 'Please provide all values').max(64, 'Plan not found')),
  ported,
  expectedAmount,
});
export type TBuyDataRequest = z.input<typeof ZBuyDataRequest>;

export const ZBuyAirtimeRequest = z.object({
  network: networkCode(AIRTIME_NETWORK_CODES, 'All fields are required'),
  mobile_number: phone('All fields are required'),
  amount: nairaAmount('All fields are required')
    .refine((k) => k >= 100_00, 'Minimum purchase is ₦100')
    .refine((k) => k <= 50_000_00, 'Maximum airtime purchase is ₦50,000'),
  ported,
  expectedAmount,
});
export type TBuyAirtimeRequest = z.input<typeof ZBuyAirtimeRequest>;

const discoId = z
  .union([z.number(), z.string()], { error: 'Select your electricity company' })
  .transform((v) => Number(v))
  .refine((v) => DISCOS.some((d) => d.id === v), 'Select your electricity company');

const meterNumber = z
  .union([z.string(), z.number()], { error: 'Enter the meter number' })
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, 'Enter a valid meter number'),
  );

const meterType = z.enum(['prepaid', 'postpaid'], { error: 'Select the meter type' });

export const ZValidateMeterRequest = z.object({ meterNumber, meterId: discoId, meterType });
export type TValidateMeterRequest = z.input<typeof ZValidateMeterRequest>;

export const ZBuyElectricityRequest = z.object({
  meterNumber,
  meterId: discoId,
  meterType,
  amount: nairaAmount('Enter an amount')
    .refine((k) => k >= 500_00, 'Minimum electricity purchase is ₦500')
    .refine((k) => k <= 500_000_00, 'Maximum electricity purchase is ₦500,000'),
  phone: z
    .string()
    .trim()
    .regex(/^0\d{10}$/, 'Please check the phone number entered')
    .optional(),
  expectedAmount,
});
export type TBuyElectricityRequest = z.input<typeof ZBuyElectricityRequest>;

/**
 * POST /prices. No network chosen (absent, empty or 'select', which clients written for the
 * original system send when the data page opens) is not an error: the answer is an empty list.
 */
export const ZPlansRequest = z.object({
  network: z
    .union([z.string(), z.number(), z.null()], { error: 'Please select a network' })
    .optional()
    .transform((v) =>
      String(v ?? '')
        .trim()
        .toUpperCase(),
    )
    .transform((v) => {
      if (v === '' || v === 'SELECT') return null;
      const byCode = networkFromCode(DATA_NETWORK_CODES)(Number(v));
      return byCode ?? (v === 'NMOBILE' ? '9MOBILE' : v);
    })
    .refine(
      (v) => v === null || ['MTN', 'GLO', 'AIRTEL', '9MOBILE'].includes(v),
      'Please select a network',
    ),
});
export type TPlansRequest = z.input<typeof ZPlansRequest>;
