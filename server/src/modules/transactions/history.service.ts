import { NETWORKS, PURCHASE_TYPES } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import {
  TRANSACTION_PAGE_SIZE,
  type TTransactionListFilter,
  type TTransactionListResponse,
} from '@vendo/shared/schemas/transaction';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import {
  findUserIdByName,
  historyTotals,
  listHistoryPage,
  streamHistory,
  type HistoryFilter,
  type TotalsGroup,
} from './history.repository.ts';
import { toPublicTransaction, type TransactionRow } from './transactions.mapper.ts';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isAgent'>;

const isStaff = (viewer: Viewer) => viewer.isAdmin || viewer.isAgent;

/** Sales are successful purchases; the rest of the history moves money but sells nothing. */
const PURCHASE_TYPE_SET = new Set<string>(PURCHASE_TYPES);

/**
 * The rows a viewer may see under their filters: a customer only their own, whatever they ask;
 * staff everyone's, or one user's by name. null: a user name that matches no one (no rows).
 */
const scopeOf = async (
  db: DbOrTx,
  viewer: Viewer,
  query: TTransactionListFilter,
): Promise<HistoryFilter | null> => {
  const filter: HistoryFilter = {
    ...(query.phoneNumber ? { phoneNumber: query.phoneNumber } : {}),
    ...(query.type && query.type !== 'all' ? { type: query.type } : {}),
    ...(query.status && query.status !== 'all' ? { status: query.status } : {}),
    ...(query.from ? { fromDay: query.from } : {}),
    ...(query.to ? { toDay: query.to } : {}),
  };
  if (!isStaff(viewer)) return { ...filter, userId: viewer.id };
  if (!query.userName) return filter;
  const userId = await findUserIdByName(db, query.userName);
  return userId ? { ...filter, userId } : null;
};

/** GB with at most three decimals (1 GB = 1000 MB, as the catalogue counts plans). */
const gb = (mb: number) => Math.round(mb) / 1000;

/** The list answer's totals from the grouped daily totals (definitions: decision 0015). */
export const summarise = (groups: TotalsGroup[], { withProfit }: { withProfit: boolean }) => {
  let count = 0;
  let salesKobo = 0;
  let profitKobo = 0;
  let debitKobo = 0;
  let creditKobo = 0;
  const perNetwork = new Map<string, { volumeMb: number; profitKobo: number }>(
    NETWORKS.map((network) => [network, { volumeMb: 0, profitKobo: 0 }]),
  );
  for (const g of groups) {
    count += g.count;
    debitKobo += g.debitKobo;
    creditKobo += g.creditKobo;
    if (g.status !== 'success' || !PURCHASE_TYPE_SET.has(g.type)) continue;
    salesKobo += g.amountKobo;
    profitKobo += g.profitKobo;
    if (g.type === 'data') {
      const network = perNetwork.get(g.network) ?? { volumeMb: 0, profitKobo: 0 };
      network.volumeMb += g.volumeMb;
      network.profitKobo += g.profitKobo;
      perNetwork.set(g.network, network);
    }
  }
  const profit = (kobo: number) => (withProfit ? koboToNaira(kobo, { allowNegative: true }) : 0);
  const stat = [...perNetwork].map(([network, s]) => ({
    network,
    total_volume_sold: gb(s.volumeMb),
    profit: profit(s.profitKobo),
  }));
  return {
    noOfTransaction: count,
    totalSales: koboToNaira(salesKobo),
    totalProfit: profit(profitKobo),
    totalVolumeSold: gb([...perNetwork.values()].reduce((sum, s) => sum + s.volumeMb, 0)),
    stat,
    totalDebit: koboToNaira(debitKobo),
    totalCredit: koboToNaira(creditKobo),
  };
};

/** GET /transaction: one page of the viewer's history under the filters, with the totals. */
export const listHistory = async (
  db: DbOrTx,
  {
    viewer,
    query,
    primary = db,
    pinSecrets = [],
  }: {
    viewer: Viewer;
    query: TTransactionListFilter;
    /** The server secrets the viewer's own exam PINs open with (others' stay masked). */
    pinSecrets?: readonly (string | undefined)[];
    /** When `db` is a replica: the primary, where missing all-user totals are built. */
    primary?: DbOrTx;
  },
): Promise<TTransactionListResponse> => {
  const withProfit = isStaff(viewer);
  const page = query.page ?? 1;
  const pageSize = TRANSACTION_PAGE_SIZE;
  const filter = await scopeOf(db, viewer, query);
  const [rows, groups] = filter
    ? await Promise.all([
        listHistoryPage(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
        historyTotals(db, filter, { primary }),
      ])
    : [[], []];
  const totals = summarise(groups, { withProfit });
  return {
    transactions: rows.map((row) =>
      toPublicTransaction(row, {
        withProfit,
        viewer: { userId: viewer.id, secrets: pinSecrets },
      }),
    ),
    page,
    pageSize,
    totalPages: Math.ceil(totals.noOfTransaction / pageSize),
    ...totals,
  };
};

/**
 * A CSV cell: quoted when needed. Text starting with = + - @, a tab or a carriage return (what a
 * spreadsheet would run as a formula) gets a leading apostrophe; numbers are written as numbers.
 */
export const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** When a row happened, in Lagos time, as people read it: 2026-01-31 14:05:09. */
const lagosTime = (date: Date) =>
  new Date(date.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The statement's file name, from its date range. */
export const statementFileName = (query: TTransactionListFilter): string =>
  `vendo-statement-${query.from ?? 'start'}-to-${query.to ?? 'today'}.csv`;

/**
 * GET /transaction/statement.csv: the viewer's (or, for staff, the filtered) rows as CSV lines,
 * header first, produced page by page as the consumer asks for them.
 */
export async function* statementLines(
  db: DbOrTx,
  { viewer, query }: { viewer: Viewer; query: TTransactionListFilter },
): AsyncGenerator<string> {
  const staff = isStaff(viewer);
  const header = [
    'Date (WAT)',
    'Reference',
    'Type',
    'Network',
    'Status',
    'Amount (NGN)',
    'Balance before (NGN)',
    'Balance after (NGN)',
    'Phone number',
    'Details',
    ...(staff ? ['User', 'Profit (NGN)'] : []),
  ];
  yield `${header.join(',')}\r\n`;
  const filter = await scopeOf(db, viewer, query);
  if (!filter) return;
  for await (const rows of streamHistory(db, filter)) {
    yield rows.map((row) => `${statementRow(row, staff).map(csvCell).join(',')}\r\n`).join('');
  }
}

const statementRow = (row: TransactionRow & { userName: string }, staff: boolean) => {
  const t = toPublicTransaction(row, { withProfit: staff });
  const details = t.details
    ? Object.entries(t.details)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join('; ')
    : (t.apiResponse ?? '');
  return [
    lagosTime(row.createdAt),
    t.trans_Id,
    t.trans_Type,
    row.network, // the network or company, not the compatibility wording of electricity
    t.trans_Status,
    t.trans_amount,
    t.balance_Before,
    t.balance_After,
    row.phoneNumber,
    details,
    ...(staff ? [t.trans_UserName, t.trans_profit ?? 0] : []),
  ];
};
