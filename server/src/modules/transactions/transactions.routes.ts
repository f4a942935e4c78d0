import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { ZTransactionListQuery } from '@vendo/shared/schemas/transaction';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { listHistory, statementFileName, statementLines } from './history.service.ts';
import { getTransactionFor } from './transactions.service.ts';

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
 * receipt link still works after a reload; by our id or the client's request_id). Every route
 * needs a session or an API token.
 */
export const transactionRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx, { apiTokens: true });

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
      // pipeline() waits for the socket (or the compressor in front of it) to drain before
      // reading the next page, so memory stays about one page, and it destroys the answer if a
      // page fails midway or the client leaves.
      await pipeline(Readable.from(lines), res);
    } catch (error) {
      if (!res.destroyed) res.destroy();
      ctx.logger.error('statement export stopped midway', { error: String(error) });
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
