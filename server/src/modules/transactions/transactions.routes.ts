import { Router, type Request } from 'express';
import { ZTransactionListQuery } from '@vendo/shared/schemas/transaction';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/send-csv.ts';
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
    await sendCsv(res, {
      fileName: statementFileName(query),
      lines: statementLines(ctx.db, { viewer: currentUser(req), query }),
      logger: ctx.logger,
      what: 'statement export',
    });
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
