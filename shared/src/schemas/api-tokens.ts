import { z } from '../zod.ts';

/** /auth/apiTokens requests: named API tokens for a user's own software. Answers: api-tokens.responses.ts. */

export const API_TOKEN_NAME_MAX = 50;
/** How many live tokens one account may hold. */
export const API_TOKENS_PER_USER = 10;

export const ZCreateApiTokenRequest = z.object({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(API_TOKEN_NAME_MAX, `The name can be at most ${API_TOKEN_NAME_MAX} characters`),
});
export type TCreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequest>;
