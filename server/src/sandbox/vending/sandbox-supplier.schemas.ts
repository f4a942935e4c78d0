import { DISCOS } from '@vendo/shared/constants';
import { isValidNaira, koboToNaira, nairaToKobo } from '@vendo/shared/money';
import { z } from 'zod';
import { MAX_SANDBOX_TOPUP_KOBO } from './sandbox-store.ts';

/**
 * The sandbox suppliers' request bodies (a Husmodata-style API, as providers/vending/husmodata.ts
 * sends them), with the field errors a Django REST framework serializer gives:
 * `{ "<field>": ["<message>"] }`. These are the suppliers' wire format, not Vendo's API, so they
 * live here and not in the shared package.
 */

const REQUIRED = 'This field is required.';

/** As DRF reads a field: null or '' is a field not given. */
const given = (value: unknown) => (value === null || value === '' ? undefined : value);

/** A required field's error: 'This field is required.' when it is missing, else `invalid`. */
const requiredOr = (invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : invalid),
});

/** A required string or number, kept as sent (network ids, plan ids). */
const scalar = z.preprocess(
  given,
  z.union([z.string(), z.number()], requiredOr('Not a valid value.')),
);

/** A required run of digits (surrounding spaces ignored). */
const digits = (min: number, max: number, label: string) =>
  z.preprocess(
    given,
    z
      .string(requiredOr(`Enter a valid ${label}.`))
      .trim()
      .regex(new RegExp(`^\\d{${min},${max}}$`), `Enter a valid ${label}.`),
  );

/** A required positive naira amount (number or string, at most two decimals), read as kobo. */
const nairaAsKobo = z.preprocess(
  given,
  z
    .custom<number | string>(isValidNaira, requiredOr('A valid number is required.'))
    .transform((naira) => nairaToKobo(naira))
    .refine((kobo) => kobo > 0, 'Ensure this value is greater than 0.'),
);

/** An optional boolean, false when not given; 'true' and 'false' as strings are read too. */
const optionalBool = z.preprocess(
  given,
  z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: 'Must be a valid boolean.',
    })
    .default(false),
);

/** An optional string of at most `max` characters, null when not given. */
const optionalText = (max: number) => {
  const tooLong = `Ensure this field has no more than ${max} characters.`;
  return z.preprocess(
    (value) => given(value) ?? null,
    z.string({ error: tooLong }).max(max, tooLong).nullable(),
  );
};

/** A disco by its id (sent as a number or a string). */
export const discoId = scalar
  .refine((value) => DISCOS.some((d) => String(d.id) === String(value).trim()), 'Invalid disco id.')
  .transform((value) => DISCOS.find((d) => String(d.id) === String(value).trim())!);

/** prepaid or postpaid, in any case. */
export const meterType = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(['prepaid', 'postpaid'], { error: '"meter_type" must be prepaid or postpaid.' }),
);

/** POST /api/data/ */
export const ZSandboxDataOrder = z.object({
  network: scalar,
  mobile_number: digits(10, 14, 'phone number'),
  plan: scalar.transform(String),
  Ported_number: optionalBool,
  request_id: optionalText(100),
});

/** POST /api/topup/ */
export const ZSandboxTopupOrder = z.object({
  network: scalar,
  amount: nairaAsKobo,
  mobile_number: digits(10, 14, 'phone number'),
  Ported_number: optionalBool,
  airtime_type: optionalText(20),
  request_id: optionalText(100),
});

/** POST /api/v2/billpayment/ */
export const ZSandboxBillPayment = z.object({
  disco_id: discoId,
  amount: nairaAsKobo,
  meter_number: digits(6, 20, 'meter number'),
  meter_type: meterType,
  Customer_Phone: optionalText(20),
  customer_name: optionalText(200),
  request_id: optionalText(100),
});

/** GET /api/v2/validatemeter/ (query string) */
export const ZSandboxMeterQuery = z.object({
  disco_id: discoId,
  meter_type: meterType,
  meter_number: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/),
});

/** POST /float/topup (the supplier's "fund wallet" page) */
export const ZSandboxFloatTopUp = z.object({
  amount: nairaAsKobo.refine(
    (kobo) => kobo <= MAX_SANDBOX_TOPUP_KOBO,
    `Ensure this value is less than or equal to ${koboToNaira(MAX_SANDBOX_TOPUP_KOBO)}.`,
  ),
});

/** A body that failed its schema, as DRF answers it: each field with its first message. */
export const fieldErrors = (error: z.ZodError): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    errors[field] ??= [issue.message];
  }
  return errors;
};
