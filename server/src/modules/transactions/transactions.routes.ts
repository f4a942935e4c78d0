import { touchContact } from '../contacts/contacts.service.ts';
import {
  ZTransactionListQuery,
  ZTransactionListResponse,
  ZTransactionResponse,
} from '@vendo/shared/schemas/transaction';
import { reply, route } from '../../api/route.ts';
import { readDbOf } from '../../db/read-replica.ts';
import { sendCsv } from '../../lib/send-csv.ts';
import { transactionExamples, transactionListExamples } from '../../openapi/examples.ts';
import { apiError } from '../../openapi/operation.ts';
import { idParam } from '../../api/params.ts';
import { listHistory, statementFileName, statementLines } from './history.service.ts';
import { getTransactionFor } from './transactions.service.ts';
import { pinViewerOf } from '../bills/exam-pins.ts';

const tags = ['Transactions'];

/**
 * /transaction: the history list with its totals, the CSV statement, and one receipt (so a
 * receipt link still works after a reload; by our id or the client's request_id). Every route
 * takes a session or an API token. A bad filter is a 400 naming what is wrong (the filter
 * schema's first message).
 */
export const transactionRoutes = [
  route({
    method: 'get',
    path: '/transaction',
    apiToken: true,
    tags,
    summary: 'Transaction history',
    description:
      'Newest first, 20 a page, with totals over every matching row (not just the page). Your own rows only; admins and agents see everyone’s and may filter by `userName`. Dates are Lagos days (WAT), both ends included.',
    access: 'user',
    query: ZTransactionListQuery,
    answers: {
      200: {
        description: 'A page and the totals',
        schema: ZTransactionListResponse,
        examples: transactionListExamples,
      },
    },
    errors: {
      400: {
        badFilter: {
          summary: 'A malformed filter',
          value: apiError('VALIDATION_ERROR', 'Dates are written YYYY-MM-DD'),
        },
      },
    },
    // A report: read from the replica when there is one (decision 0034).
    handler: async ({ ctx, user, query }) => {
      const page = await listHistory(await readDbOf(ctx), {
        viewer: user,
        query,
        primary: ctx.db,
        pinSecrets: pinViewerOf(ctx, user.id).secrets,
      });
      // A contact's history shortcut (a list of one number) is a use of that contact.
      await touchContact(ctx.db, user.id, query.phoneNumber, (error) =>
        ctx.logger.warn('contact not marked used', { error: String(error) }),
      );
      return reply(200, page);
    },
  }),
  // Before /transaction/{id}: the earlier path wins.
  route({
    method: 'get',
    path: '/transaction/statement.csv',
    apiToken: true,
    tags,
    summary: 'Statement as CSV',
    description:
      'The same filters as the history, streamed as a CSV file named after the date range (staff: with user and profit columns). Cells that look like formulas are neutralised.',
    access: 'user',
    query: ZTransactionListQuery,
    answers: {
      200: {
        description: 'The CSV statement',
        contentType: 'text/csv',
        examples: {
          csv: {
            summary: 'First lines',
            value:
              'Date,Reference,Type,Network,Phone,Amount,Status,Balance before,Balance after\n2026-11-24 10:15,VND261124A3F9C27B14E0,data,MTN,08031234567,239.50,success,49000.00,48760.50\n',
          },
        },
      },
    },
    // Streamed: the handler answers by itself.
    handler: async ({ ctx, user, query, res }) => {
      await sendCsv(res, {
        fileName: statementFileName(query),
        lines: statementLines(await readDbOf(ctx), { viewer: user, query }),
        logger: ctx.logger,
        what: 'statement export',
      });
      return undefined;
    },
  }),
  route({
    method: 'get',
    path: '/transaction/{id}',
    apiToken: true,
    tags,
    summary: 'One transaction (re-query)',
    description:
      'The receipt with its product details (plan, token, meter). Use it to re-query a purchase that answered 202: its `trans_Status` moves from `pending` to `success` or `refunded` once the supplier settles it. Your own only; admins and agents any, with profit.',
    access: 'user',
    params: idParam('The transaction’s `_id`'),
    answers: {
      200: {
        description: 'The transaction',
        schema: ZTransactionResponse,
        examples: transactionExamples,
      },
    },
    errors: { 404: true },
    handler: async ({ ctx, user, params }) =>
      reply(200, {
        transaction: await getTransactionFor(ctx.db, {
          id: params.id,
          viewer: user,
          pinSecrets: pinViewerOf(ctx, user.id).secrets,
        }),
      }),
  }),
];
