import { ZCreateApiTokenRequest } from '@vendo/shared/schemas/api-tokens';
import {
  ZApiTokenCreatedResponse,
  ZApiTokenListResponse,
  ZApiTokenRevokedResponse,
} from '@vendo/shared/schemas/api-tokens.responses';
import { reply, route } from '../../api/route.ts';
import { idParam } from '../../openapi/paths/params.ts';
import { developerTags as tags, sessionOnly } from './api-tokens.docs.ts';
import { apiTokensOf, createApiToken, revokeApiToken } from './api-tokens.service.ts';

/**
 * /auth/apiTokens: any signed-in account makes, lists and revokes its own named API tokens.
 * Managing tokens needs the session itself: an API token here is refused (403).
 */
export const apiTokenRoutes = [
  route({
    method: 'get',
    path: '/auth/apiTokens',
    tags,
    summary: 'Your API tokens',
    description: 'Name, created and last used (to the minute); never the secret.',
    access: 'user',
    answers: { 200: { description: 'The tokens', schema: ZApiTokenListResponse } },
    errors: { 403: sessionOnly },
    handler: async ({ ctx, user }) => reply(200, { apiTokens: await apiTokensOf(ctx, user.id) }),
  }),
  route({
    method: 'post',
    path: '/auth/apiTokens',
    tags,
    summary: 'Create an API token',
    description:
      'The token is in this answer only: store it now. Only its hash is kept. At most 10 per account, each name once.',
    access: 'user',
    body: ZCreateApiTokenRequest,
    bodyExamples: { server: { summary: 'A token for a server', value: { name: 'shop server' } } },
    answers: {
      201: { description: 'Created; the secret shown once', schema: ZApiTokenCreatedResponse },
    },
    errors: { 403: sessionOnly, 409: true },
    handler: async ({ ctx, user, body }) => {
      const created = await createApiToken(ctx, user, { name: body.name });
      return reply(201, {
        msg: 'Copy your API token now: it will not be shown again',
        ...created,
      });
    },
  }),
  route({
    method: 'delete',
    path: '/auth/apiTokens/{id}',
    tags,
    summary: 'Revoke an API token',
    description: 'Takes effect at once, in every server process.',
    access: 'user',
    params: idParam('The token’s `id`'),
    answers: { 200: { description: 'Revoked; the tokens left', schema: ZApiTokenRevokedResponse } },
    errors: { 403: sessionOnly, 404: true },
    handler: async ({ ctx, user, params }) => {
      await revokeApiToken(ctx, { userId: user.id, id: params.id });
      return reply(200, { msg: 'API token revoked', apiTokens: await apiTokensOf(ctx, user.id) });
    },
  }),
];
