import { z } from '../zod.ts';

/**
 * /auth/contact requests: saved numbers (docs/product-rules.md#contacts). Answers:
 * contacts.responses.ts.
 */

export const ZContactRequest = z.object({
  contactName: z
    .string({ error: 'All fields are required' })
    .trim()
    .min(1, 'All fields are required')
    .max(40, 'Nickname is too long'),
  contactNumber: z
    .union([z.string(), z.number()], { error: 'All fields are required' })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1, 'All fields are required')
        .regex(/^0\d{10}$/, 'Please check the phone number entered'),
    ),
  contactNetwork: z
    .string({ error: 'Please select a network' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => ['MTN', 'GLO', 'AIRTEL', '9MOBILE'].includes(v), 'Please select a network'),
});
export type TContactRequest = z.input<typeof ZContactRequest>;
export const ZContactUpdateRequest = ZContactRequest.partial();
export type TContactUpdateRequest = z.input<typeof ZContactUpdateRequest>;
