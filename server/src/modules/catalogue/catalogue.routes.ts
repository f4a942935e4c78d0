import { Router } from 'express';
import type { AppContext } from '../../app-context.ts';
import { publicPriceRows } from './catalogue.service.ts';

export const catalogueRoutes = ({ db }: AppContext): Router => {
  const router = Router();
  /** Public price list. */
  router.get('/prices', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60');
    res.json(await publicPriceRows(db));
  });
  return router;
};
