import { z } from '../zod.ts';
import { ZPriceListResponse } from './catalogue.ts';
import { ZSiteInfo } from './site.ts';

/**
 * Public data the server embeds in the HTML it serves (`<script type="application/json"
 * id="page-data">`), so the landing page and the price list render from the first answer
 * without asking the API. Every page gets `site`; /priceList also gets `prices`.
 */
export const ZPageData = z.object({
  site: ZSiteInfo.optional(),
  prices: ZPriceListResponse.optional(),
});
export type TPageData = z.infer<typeof ZPageData>;
