import { z } from '../zod.ts';
import { ZSubscriptionPlans } from './catalogue.ts';
import { ZTransaction } from './transaction.ts';
import { ZUser } from './user.ts';

/**
 * /auth answers: the session and the profile. They are kept apart from the request
 * schemas, which the client's forms import at run time: the client imports these as types only, so
 * they add nothing to its bundle.
 */

/** The admins' broadcast; the client remembers which id the user acknowledged. */
export const ZNotification = z
  .object({ id: z.string(), msg: z.string() })
  .describe("The admins' current broadcast");
export type TNotification = z.infer<typeof ZNotification>;

/** GET /auth: the signed-in user, their plans and recent transactions. */
export const ZProfileResponse = z
  .object({
    user: ZUser,
    subscriptionPlans: ZSubscriptionPlans,
    transactions: z.array(ZTransaction).describe('The most recent transactions, newest first'),
    isAdmin: z.boolean(),
    isCouponVendor: z.boolean(),
    notification: ZNotification.nullable(),
  })
  .describe('The signed-in user, the data plans priced for them and their recent transactions');
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

/** POST /auth/login and /auth/register (201): the profile and a session token. */
export const ZAuthResponse = ZProfileResponse.extend({
  token: z.string().describe('Session token: send it as x-auth-token'),
}).describe('A new session: the profile and its token');
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

/** POST /auth/isTokenValid: never 401, so the client can decide. */
export const ZTokenValidResponse = z.object({ valid: z.boolean() });
export type TTokenValidResponse = z.infer<typeof ZTokenValidResponse>;

/** POST /auth/changepassword: earlier tokens are revoked, so a new one comes back. */
export const ZChangePasswordResponse = z.object({ msg: z.string(), token: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
