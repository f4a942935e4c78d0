import { ZPriceListResponse, ZUssdCodesResponse } from '@vendo/shared/schemas/catalogue';
import { examplePriceRow } from '../examples.ts';
import type { ApiRoute } from '../operation.ts';

const tags = ['Plans and prices'];

/** Public catalogue routes. */
export const cataloguePaths: ApiRoute[] = [
  {
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
  },
  {
    method: 'get',
    path: '/ussd',
    tags,
    summary: 'Balance-check USSD codes',
    access: 'public',
    answers: { 200: { description: 'The codes per network', schema: ZUssdCodesResponse } },
  },
];
