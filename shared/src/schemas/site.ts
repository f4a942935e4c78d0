import { z } from '../zod.ts';

/** Public, unauthenticated answers: the site's contact details and the health check. */

/** GET /site: contact details and links from the server's configuration, and the fees. */
export const ZSiteInfo = z
  .object({
    appName: z.string(),
    officeAddress: z.string(),
    phone: z.string(),
    emails: z.array(z.string()),
    chatUrl: z.string(),
    topUpUrl: z.string().describe('External top-up page for users with a reserved account'),
    fees: z
      .object({ fundPagePercent: z.number(), accountCardPercent: z.number() })
      .describe('Current funding fees in percent (admin settings)'),
  })
  .describe('Site configuration shown in the footer, chat button and funding screens');
export type TSiteInfo = z.infer<typeof ZSiteInfo>;

/** GET /health: 200 when the database answers, 503 when it does not. */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
