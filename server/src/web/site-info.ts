import type { TSiteInfo } from '@vendo/shared/schemas/site';
import type { AppContext } from '../app-context.ts';
import { getFeeBasisPoints } from '../lib/fees.ts';

/**
 * The site's public details (GET /site, and embedded in every page the server serves): contact
 * details from the configuration, and the funding fees, admin settings shown before people pay.
 */
export const siteInfo = async (ctx: AppContext): Promise<TSiteInfo> => ({
  ...ctx.config.site,
  fees: {
    fundPagePercent: (await getFeeBasisPoints(ctx, 'fundPage')) / 100,
    accountCardPercent: (await getFeeBasisPoints(ctx, 'accountCard')) / 100,
  },
});
