import { ZHealthResponse, ZSiteInfo } from '@vendo/shared/schemas/site';
import { ZOpenApiDocument } from '../answers.ts';
import type { ApiRoute } from '../operation.ts';

const tags = ['Service'];

/** Public service routes: health, site details and this document. */
export const metaPaths: ApiRoute[] = [
  {
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
        examples: { down: { summary: 'Down', value: { status: 'error', database: 'down' } } },
      },
    },
  },
  {
    method: 'get',
    path: '/site',
    tags,
    summary: 'Contact details and funding fees',
    access: 'public',
    answers: { 200: { description: 'The site’s details', schema: ZSiteInfo } },
  },
  {
    method: 'get',
    path: '/openapi.json',
    tags,
    summary: 'This reference (OpenAPI 3.1)',
    description: 'Generated from the same zod schemas the server validates with; cached 5 minutes.',
    access: 'public',
    answers: { 200: { description: 'The OpenAPI document', schema: ZOpenApiDocument } },
  },
];
