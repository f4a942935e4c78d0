import { z } from '../zod.ts';
import { ZIsoDateTime, ZMsgResponse } from './common.ts';

/** /auth/apiTokens answers: a token's secret appears only in the answer that created it. */

export const ZApiToken = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: ZIsoDateTime,
    /** Updated at most once a minute; null until first used. */
    lastUsedAt: ZIsoDateTime.nullable(),
  })
  .describe('An API token, without its secret');
export type TApiToken = z.infer<typeof ZApiToken>;

/** GET /auth/apiTokens: the caller's live tokens, newest first. */
export const ZApiTokenListResponse = z.object({ apiTokens: z.array(ZApiToken) });
export type TApiTokenListResponse = z.infer<typeof ZApiTokenListResponse>;

/** POST /auth/apiTokens (201): the secret, shown this once, and the token's details. */
export const ZApiTokenCreatedResponse = ZMsgResponse.extend({
  token: z.string(),
  apiToken: ZApiToken,
});
export type TApiTokenCreatedResponse = z.infer<typeof ZApiTokenCreatedResponse>;

/** DELETE /auth/apiTokens/:id: the list after the revocation. */
export const ZApiTokenRevokedResponse = ZMsgResponse.extend({ apiTokens: z.array(ZApiToken) });
export type TApiTokenRevokedResponse = z.infer<typeof ZApiTokenRevokedResponse>;
