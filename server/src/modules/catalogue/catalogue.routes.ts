import { servicePrices } from '@vendo/shared/pricing-table';
import {
  ZPriceListResponse,
  ZServicePricesResponse,
  ZUssdCodesResponse,
} from '@vendo/shared/schemas/catalogue';
import { reply, route } from '../../api/route.ts';
import { examplePriceRow } from '../../openapi/examples.ts';
import { publicPriceRows } from './catalogue.service.ts';
import { listUssdCodes } from './settings.repository.ts';

const tags = ['Plans and prices'];

/** Public catalogue routes: no sign-in. */
export const catalogueRoutes = [
  route({
    method: 'get',
    path: '/prices',
    tags,
    summary: 'Public price list',
    description:
      'Every available data plan with its price per tier (smart earner, reseller, API). Never a cost price. Cached for 60 s.',
    access: 'public',
    answers: {
      200: {
        description: 'The price list',
        schema: ZPriceListResponse,
        examples: { list: { summary: 'One row', value: [examplePriceRow] } },
      },
    },
    handler: async ({ ctx, res }) => {
      // The same for everyone and changed rarely: caches may keep it a minute.
      res.set('Cache-Control', 'public, max-age=60');
      return reply(200, await publicPriceRows(ctx.db));
    },
  }),
  route({
    method: 'get',
    path: '/prices/services',
    tags,
    summary: 'Airtime and electricity prices',
    description:
      'The share of an airtime top-up’s face value charged per account type, and the fee added to every electricity token. Cached for 60 s.',
    access: 'public',
    answers: { 200: { description: 'The prices', schema: ZServicePricesResponse } },
    handler: ({ res }) => {
      res.set('Cache-Control', 'public, max-age=60');
      return Promise.resolve(reply(200, servicePrices()));
    },
  }),
  route({
    method: 'get',
    path: '/ussd',
    tags,
    summary: 'Balance-check USSD codes',
    access: 'public',
    // Balance-check USSD codes per network (admin-editable).
    answers: { 200: { description: 'The codes per network', schema: ZUssdCodesResponse } },
    handler: async ({ ctx }) => reply(200, { ussdCodes: await listUssdCodes(ctx.db) }),
  }),
];
