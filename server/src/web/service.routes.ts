import { ZHealthResponse, ZSiteInfo, type THealthResponse } from '@vendo/shared/schemas/site';
import { reply, route } from '../api/route.ts';
import { pingDatabase } from '../db/health.repository.ts';
import { siteInfo } from './site-info.ts';

const tags = ['Service'];

const up: THealthResponse = { status: 'ok', database: 'up' };
const down: THealthResponse = { status: 'error', database: 'down' };

/** Public service routes: health (is the database answering) and the site's details. */
export const serviceRoutes = [
  route({
    method: 'get',
    path: '/health',
    tags,
    summary: 'Health check',
    description: '200 when the database answers, 503 when it does not.',
    access: 'public',
    answers: {
      200: { description: 'Up', schema: ZHealthResponse },
      503: {
        description: 'The database is down',
        schema: ZHealthResponse,
        examples: { down: { summary: 'Down', value: down } },
      },
    },
    handler: async ({ ctx }) => {
      try {
        await pingDatabase(ctx.db);
        return reply(200, up);
      } catch {
        return reply(503, down);
      }
    },
  }),
  route({
    method: 'get',
    path: '/site',
    tags,
    summary: 'Contact details and funding fees',
    access: 'public',
    answers: { 200: { description: 'The site’s details', schema: ZSiteInfo } },
    handler: async ({ ctx }) => reply(200, await siteInfo(ctx)),
  }),
];
