import { servicePrices } from '@vendo/shared/pricing-table';
import {
  ZPriceListResponse,
  ZServicePricesResponse,
  ZServiceStatusResponse,
  ZUssdCodesResponse,
} from '@vendo/shared/schemas/catalogue';
import { reply, route } from '../../api/route.ts';
import { examplePriceRow } from '../../openapi/examples.ts';
import { publicPriceRows } from './catalogue.service.ts';
import { listUssdCodes } from './settings.repository.ts';
import { serviceStatus } from './settings.service.ts';

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
    path: '/services',
    tags,
    summary: 'Which purchases are paused',
    description:
      'Data, airtime and electricity (`isOpen` false: paused by the back office), and each network’s data and airtime. A paused purchase is refused until it reopens; a buy screen says so on arrival. Cable TV, exam PINs and e-PINs: `GET /bills/services`.',
    access: 'public',
    answers: { 200: { description: 'The locks', schema: ZServiceStatusResponse } },
    handler: async ({ ctx, res }) => {
      // A lock applies at once: no cache may keep an old answer.
      res.set('Cache-Control', 'no-store');
      return reply(200, await serviceStatus(ctx));
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
