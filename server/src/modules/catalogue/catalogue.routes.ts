import { asc } from 'drizzle-orm';
import { Router } from 'express';
import { ussdCodes } from '../../db/schema/index.ts';
import type { AppContext } from '../../app-context.ts';
import { publicPriceRows } from './catalogue.service.ts';

export const catalogueRoutes = ({ db }: AppContext): Router => {
  const router = Router();
  /** Public price list. */
  router.get('/prices', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60');
    res.json(await publicPriceRows(db));
  });
  /** Balance-check USSD codes per network (admin-editable). */
  router.get('/ussd', async (_req, res) => {
    res.json({
      ussdCodes: await db
        .select()
        .from(ussdCodes)
        .orderBy(asc(ussdCodes.category), asc(ussdCodes.sortOrder)),
    });
  });
  return router;
};
