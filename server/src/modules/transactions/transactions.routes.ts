import { Router, type Request, type Response } from 'express';
import { ZTransactionListQuery } from '@vendo/shared/schemas/transaction';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { listHistory, statementFileName, statementLines } from './history.service.ts';
import { getTransactionFor } from './transactions.service.ts';

/** Waits until the socket takes more (or the client left); no listener outlives the wait. */
const drainedOrClosed = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/** The history filters of a request; a bad one is a 400 naming what is wrong. */
const filtersOf = (req: Request) => {
  const query = ZTransactionListQuery.safeParse(req.query);
  if (!query.success) {
    throw new AppError('VALIDATION_ERROR', {
      msg: query.error.issues[0]?.message ?? 'Invalid filter',
    });
  }
  return query.data;
};

/**
 * /transaction: the history list with its totals, the CSV statement, and one receipt (so a
 * receipt link still works after a reload). Every route needs a session.
 */
export const transactionRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/', auth, async (req, res) => {
    const query = filtersOf(req);
    res.json(await listHistory(ctx.db, { viewer: currentUser(req), query }));
  });

  router.get('/statement.csv', auth, async (req, res) => {
    const query = filtersOf(req);
    const lines = statementLines(ctx.db, { viewer: currentUser(req), query });
    // The header line first: a failure before any byte is sent still answers a clean error.
    const first = await lines.next();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${statementFileName(query)}"`);
    res.setHeader('Cache-Control', 'no-store');
    if (!first.done) res.write(first.value);
    try {
      for await (const chunk of lines) {
        if (res.destroyed) break;
        // Backpressure: wait for the socket to drain, so memory stays one page.
        if (!res.write(chunk)) await drainedOrClosed(res);
      }
      res.end();
    } catch (error) {
      ctx.logger.error('statement export failed midway', { error: String(error) });
      res.destroy();
    }
  });

  router.get('/:id', auth, async (req, res) => {
    const transaction = await getTransactionFor(ctx.db, {
      id: String(req.params.id),
      viewer: currentUser(req),
    });
    res.json({ transaction });
  });

  return router;
};
