import { z } from '../zod.ts';

/**
 * /auth requests: the server parses with them and the forms reuse them, so people see the same
 * messages from both (docs/product-rules.md#sessions). The answers are in auth.responses.ts.
 */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;
/** bcrypt reads only the first 72 bytes of a password, so longer ones are refused outright. */
export const PASSWORD_MAX_BYTES = 72;

/** UTF-8 length of a string, without relying on TextEncoder (not in every runtime's lib). */
export const utf8ByteLength = (value: string): number => {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

const password = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .refine(
      (v) => utf8ByteLength(v) <= PASSWORD_MAX_BYTES,
      `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
    );

export const ZLoginRequest = z.object({
  userName: required('All field are required'),
  password: z.string({ error: 'All field are required' }).min(1, 'All field are required'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;

export const ZRegisterRequest = z
  .object({
    userName: required('All fields are required').regex(
      USERNAME_PATTERN,
      'Username must be 3 to 20 letters, digits or underscores',
    ),
    email: required('Enter an your email').pipe(
      z.email('Enter a valid email').max(254, 'Enter a valid email'),
    ),
    phoneNumber: required('All fields are required').regex(
      /^0\d{10}$/,
      'Please check the phone number entered',
    ),
    password: password('All fields are required'),
    passwordCheck: z.string({ error: 'All fields are required' }).min(1, 'All fields are required'),
    referredBy: z.string().trim().max(40).optional(),
  })
  .refine((v) => v.password === v.passwordCheck, {
    message: 'Enter the same password twice',
    path: ['passwordCheck'],
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZChangePasswordRequest = z
  .object({
    oldPassword: z.string({ error: 'All fields are required' }).min(1, 'All fields are required'),
    newPassword: password('All fields are required'),
    newPasswordCheck: z
      .string({ error: 'All fields are required' })
      .min(1, 'All fields are required'),
  })
  .refine((v) => v.newPassword === v.newPasswordCheck, {
    message: 'Enter the same password twice',
    path: ['newPasswordCheck'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZRequestPasswordResetRequest = z.object({
  email: required('Enter your email').pipe(z.email('Enter a valid email')),
});
export type TRequestPasswordResetRequest = z.infer<typeof ZRequestPasswordResetRequest>;

export const ZResetPasswordRequest = z
  .object({
    token: required('This reset link is invalid or has expired'),
    userId: required('This reset link is invalid or has expired'),
    newPassword: password('Enter the same password twice'),
    newPasswordCheck: z
      .string({ error: 'Enter the same password twice' })
      .min(1, 'Enter the same password twice'),
  })
  .refine((v) => v.newPassword === v.newPasswordCheck, {
    message: 'Enter the same password twice',
    path: ['newPasswordCheck'],
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** First message of a failed parse, as the API and the forms show it. */
export const firstIssueMessage = (error: z.ZodError): string =>
  error.issues[0]?.message ?? 'Invalid input';
