import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './query.ts';

export type RestoredCounts = {
  users: number;
  transactions: number;
  journals: number;
  postings: number;
  /** Total of every customer wallet, in kobo. */
  walletsKobo: number;
  /** When the newest transaction was recorded, null when there is none. */
  newestTransactionAt: Date | null;
};

/** What a restored database holds, for the restore command to print. */
export const countRestored = async (db: Db): Promise<RestoredCounts> => {
  const [row] = await queryRows<Record<keyof RestoredCounts, unknown>>(
    db,
    sql`select
      (select count(*) from users) as "users",
      (select count(*) from transactions) as "transactions",
      (select count(*) from journals) as "journals",
      (select count(*) from postings) as "postings",
      (select coalesce(sum(balance_kobo), 0) from ledger_accounts where user_id is not null)
        as "walletsKobo",
      (select max(created_at) from transactions) as "newestTransactionAt"`,
  );
  return {
    users: Number(row?.users ?? 0),
    transactions: Number(row?.transactions ?? 0),
    journals: Number(row?.journals ?? 0),
    postings: Number(row?.postings ?? 0),
    walletsKobo: Number(row?.walletsKobo ?? 0),
    newestTransactionAt: row?.newestTransactionAt
      ? new Date(String(row.newestTransactionAt))
      : null,
  };
};
