/**
 * What `db:to-postgres` reads from both sides: the app's tables and sequences (from the catalogue,
 * so a table added by a later migration is covered without a change here), and what it compares
 * once the copy is done: rows and a digest of every table, every sequence, every ledger account.
 */

/** Runs one statement on one side (PGlite or a node-postgres connection) and returns its rows. */
export type Run = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export type TableInfo = {
  name: string;
  /** The columns to copy, in order: every column but generated ones (the target computes them). */
  columns: string[];
  /** Name and type of every column, generated ones included: both sides must agree. */
  signature: string;
};

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The app's tables: every ordinary or partitioned table in the public schema. */
export const listTables = async (run: Run): Promise<TableInfo[]> => {
  const rows = await run<{ table: string; column: string; type: string; generated: string }>(
    `select c.relname as table, a.attname as column,
            format_type(a.atttypid, a.atttypmod) as type, a.attgenerated::text as generated
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of rows) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], signature: '' };
    if (row.generated === '') table.columns.push(row.column);
    table.signature += `${row.column} ${row.type}${row.generated ? ' generated' : ''}; `;
    tables.set(row.table, table);
  }
  return [...tables.values()];
};

export type SequenceState = { name: string; lastValue: string; isCalled: boolean };

/** Every sequence in the public schema (serial and identity columns), with where it stands. */
export const readSequences = async (run: Run): Promise<SequenceState[]> => {
  const names = await run<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const [row] = await run<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from public.${quoteIdent(name)}`,
    );
    states.push({ name, lastValue: row!.last_value, isCalled: row!.is_called });
  }
  return states;
};

export const countRows = async (run: Run, table: string): Promise<number> => {
  const [row] = await run<{ n: string }>(
    `select count(*)::text as n from public.${quoteIdent(table)}`,
  );
  return Number(row!.n);
};

/**
 * Settings that make a row's text the same on both sides whatever the server's defaults (time
 * zone, date and interval styles, float digits, bytea output). Run once per session before
 * `tableDigest`.
 */
export const NORMALISE_OUTPUT = [
  `set timezone = 'UTC'`,
  `set datestyle = 'ISO, YMD'`,
  `set intervalstyle = 'postgres'`,
  `set extra_float_digits = 1`,
  `set bytea_output = 'hex'`,
];

/**
 * The table's row count and an order-free digest of its rows: the sum of the first 60 bits of
 * each row's md5 (as JSON, every column). Equal on both sides means the same rows, with the
 * same values, to a chance of about 2^-60.
 */
export const tableDigest = async (
  run: Run,
  table: string,
): Promise<{ rows: number; digest: string }> => {
  const [row] = await run<{ n: string; digest: string }>(
    `select count(*)::text as n,
            coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 1, 15))::bit(60)::bigint::numeric), 0)::text as digest
     from public.${quoteIdent(table)} t`,
  );
  return { rows: Number(row!.n), digest: row!.digest };
};

export type AccountBalance = { id: string; balance: string; posted: string };

/** Every ledger account's stored balance and the sum of its postings, by account id. */
export const readBalances = async (run: Run): Promise<Map<string, AccountBalance>> => {
  const rows = await run<AccountBalance>(
    `select a.id::text as id, a.balance_kobo::text as balance,
            coalesce(p.sum, 0)::text as posted
     from ledger_accounts a
     left join (select account_id, sum(amount_kobo) as sum from postings group by account_id) p
       on p.account_id = a.id`,
  );
  return new Map(rows.map((row) => [row.id, row]));
};

/** Accounts whose balance or sum of postings differ between the two sides (or exist on one). */
export const balanceMismatches = (
  source: Map<string, AccountBalance>,
  target: Map<string, AccountBalance>,
): string[] => {
  const ids = new Set([...source.keys(), ...target.keys()]);
  const mismatches: string[] = [];
  for (const id of ids) {
    const s = source.get(id);
    const t = target.get(id);
    if (!s || !t || s.balance !== t.balance || s.posted !== t.posted) {
      mismatches.push(
        `account ${id}: balance ${s?.balance ?? 'missing'} → ${t?.balance ?? 'missing'}, ` +
          `postings ${s?.posted ?? 'missing'} → ${t?.posted ?? 'missing'}`,
      );
    }
  }
  return mismatches;
};
