import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  checkLedgerInvariants,
  type InvariantResult,
} from '../modules/ledger/ledger.invariants.ts';
import { openPglite, openPostgres, type Database, type Db } from './client.ts';
import { DirLockedError } from './dir-lock.ts';
import {
  balanceMismatches,
  countRows,
  listTables,
  NORMALISE_OUTPUT,
  quoteIdent,
  readBalances,
  readSequences,
  tableDigest,
  type Run,
  type TableInfo,
} from './move-checks.ts';

/** The move cannot start (source in use or missing, target not empty…): nothing was written. */
export class MoveRefusedError extends Error {}

export type TableResult = {
  table: string;
  sourceRows: number;
  targetRows: number;
  same: boolean;
};

export type MoveReport = {
  tables: TableResult[];
  sequences: { name: string; same: boolean }[];
  accounts: { compared: number; mismatches: string[] };
  invariants: InvariantResult[];
  copyMs: number;
  ok: boolean;
};

const sourceRun = (database: Database): Run => {
  const client = (database.db as unknown as { $client: { query: Run } }).$client;
  return async <T>(text: string, params?: unknown[]) =>
    ((await client.query(text, params)) as unknown as { rows: T[] }).rows;
};

const clientRun =
  (client: pg.Client): Run =>
  async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as T[];

/** The embedded database in `pgliteDir`, opened (and locked) and brought to the current schema. */
const openSource = async (pgliteDir: string): Promise<Database> => {
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new MoveRefusedError(
      `There is no embedded database in ${pgliteDir}. Point --data-dir (or DATA_DIR) at the ` +
        'folder the app keeps its data in (the one holding pglite/).',
    );
  }
  let source: Database;
  try {
    source = await openPglite({ dataDir: pgliteDir });
  } catch (error) {
    if (error instanceof DirLockedError)
      throw new MoveRefusedError(
        `${error.message.split('. ')[0]}. Stop the app first: the embedded database can only be ` +
          'copied while nothing else has it open.',
      );
    throw error;
  }
  try {
    // What the app itself does at its next start: a folder from an older version gets the
    // tables it lacks, so both sides have the same schema.
    await source.migrate();
    return source;
  } catch (error) {
    await source.close();
    throw error;
  }
};

/** How many rows each table holds right after the migrations alone (the reference rows). */
const freshCounts = async (): Promise<Map<string, number>> => {
  const fresh = await openPglite();
  try {
    await fresh.migrate();
    const run = sourceRun(fresh);
    const counts = new Map<string, number>();
    for (const table of await listTables(run))
      counts.set(table.name, await countRows(run, table.name));
    return counts;
  } finally {
    await fresh.close();
  }
};

/** Runs `work` on a connection of its own, closed afterwards whatever happens. */
const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** Tables holding other rows than the migrations alone put there (`expected`). */
const filledTables = async (run: Run, expected: Map<string, number>): Promise<string[]> => {
  const filled: string[] = [];
  for (const table of await listTables(run)) {
    const rows = await countRows(run, table.name);
    if (rows !== (expected.get(table.name) ?? 0)) filled.push(`${table.name} (${rows} rows)`);
  }
  return filled;
};

const refuseFilled = (filled: string[]): void => {
  if (filled.length === 0) return;
  throw new MoveRefusedError(
    `The target database is not empty: ${filled.slice(0, 8).join(', ')}` +
      `${filled.length > 8 ? `, and ${filled.length - 8} more tables` : ''}. ` +
      'Copy into a new, empty database (CREATE DATABASE …); nothing was written.',
  );
};

/**
 * Refuses the target unless every table holds exactly what the migrations put there (a database
 * the app has run on is never overwritten, nor migrated by this), then migrates it as
 * `migrationUrl`, the tables' owner, and checks again.
 */
const prepareTarget = async (targetUrl: string, migrationUrl: string): Promise<void> => {
  let expected: Map<string, number> | undefined;
  await withClient(migrationUrl, async (owner) => {
    const [state] = (
      await owner.query<{ tables: string; vendo: boolean }>(
        `select (select count(*) from pg_tables where schemaname = 'public')::text as tables,
                to_regclass('drizzle.__drizzle_migrations') is not null as vendo`,
      )
    ).rows;
    if (Number(state!.tables) > 0 && !state!.vendo)
      throw new MoveRefusedError(
        'The target database holds tables that are not Vendo’s. Give it an empty database ' +
          '(CREATE DATABASE …); nothing was written.',
      );
    if (Number(state!.tables) > 0) {
      expected = await freshCounts();
      refuseFilled(await filledTables(clientRun(owner), expected));
    }
  });
  const target = openPostgres(targetUrl, { poolSize: 1, migrationUrl });
  try {
    await target.migrate();
  } finally {
    await target.close();
  }
  expected ??= await freshCounts();
  const fresh = expected;
  await withClient(migrationUrl, async (owner) =>
    refuseFilled(await filledTables(clientRun(owner), fresh)),
  );
};

/**
 * Copies every table in one target transaction, as the tables' owner: foreign keys are dropped
 * and added back at the end (which checks every row at once, whatever the order rows came in),
 * the app's triggers are switched off meanwhile (the rows they would derive — history totals,
 * webhook events — are copied as they are), and every sequence is set to where the source's is.
 */
const copyAll = async (
  source: Run,
  target: pg.Client,
  tables: TableInfo[],
  {
    batchRows,
    onTable,
  }: {
    batchRows: number;
    /** Called after each batch with the rows copied so far, and once more when `done`. */
    onTable: (table: string, rows: number, done: boolean) => void;
  },
): Promise<void> => {
  const run = clientRun(target);
  await run('begin');
  try {
    const keys = await run<{ table: string; name: string; definition: string }>(
      `select c.conrelid::regclass::text as table, c.conname as name,
              pg_get_constraintdef(c.oid) as definition
       from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
    );
    for (const key of keys)
      await run(`alter table ${key.table} drop constraint ${quoteIdent(key.name)}`);
    const triggers = await run<{ table: string; name: string }>(
      `select t.tgrelid::regclass::text as table, t.tgname as name
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and t.tgenabled <> 'D' and c.relnamespace = 'public'::regnamespace`,
    );
    for (const trigger of triggers)
      await run(`alter table ${trigger.table} disable trigger ${quoteIdent(trigger.name)}`);
    // The reference rows the migrations inserted make way for the source's own.
    for (const table of tables) await run(`delete from public.${quoteIdent(table.name)}`);

    await source('begin isolation level repeatable read');
    try {
      for (const table of tables) {
        const name = `public.${quoteIdent(table.name)}`;
        const columns = table.columns.map(quoteIdent).join(', ');
        await source(
          `declare move_rows no scroll cursor for select row_to_json(t)::text as j from ${name} t`,
        );
        let copied = 0;
        for (;;) {
          const batch = await source<{ j: string }>(`fetch forward ${batchRows} from move_rows`);
          if (batch.length === 0) break;
          await run(
            `insert into ${name} (${columns}) overriding system value
             select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
            [`[${batch.map((row) => row.j).join(',')}]`],
          );
          copied += batch.length;
          onTable(table.name, copied, false);
        }
        await source('close move_rows');
        onTable(table.name, copied, true);
      }
      for (const sequence of await readSequences(source)) {
        await run(`select setval($1::regclass, $2::bigint, $3)`, [
          `public.${quoteIdent(sequence.name)}`,
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
    } finally {
      await source('commit');
    }

    for (const key of keys)
      await run(
        `alter table ${key.table} add constraint ${quoteIdent(key.name)} ${key.definition}`,
      );
    for (const trigger of triggers)
      await run(`alter table ${trigger.table} enable trigger ${quoteIdent(trigger.name)}`);
    await run('commit');
  } catch (error) {
    await run('rollback').catch(() => undefined);
    throw error;
  }
};

/** Compares both sides table by table, sequence by sequence and account by account. */
const compare = async (source: Run, target: Run, tables: TableInfo[]) => {
  for (const statement of NORMALISE_OUTPUT) {
    await source(statement);
    await target(statement);
  }
  const results: TableResult[] = [];
  for (const table of tables) {
    const s = await tableDigest(source, table.name);
    const t = await tableDigest(target, table.name);
    results.push({
      table: table.name,
      sourceRows: s.rows,
      targetRows: t.rows,
      same: s.rows === t.rows && s.digest === t.digest,
    });
  }
  const targetSequences = new Map((await readSequences(target)).map((q) => [q.name, q]));
  const sequences = (await readSequences(source)).map((q) => {
    const t = targetSequences.get(q.name);
    return { name: q.name, same: t?.lastValue === q.lastValue && t.isCalled === q.isCalled };
  });
  const sourceBalances = await readBalances(source);
  const mismatches = balanceMismatches(sourceBalances, await readBalances(target));
  return { results, sequences, accounts: { compared: sourceBalances.size, mismatches } };
};

/**
 * Copies the stopped embedded database in `pgliteDir` into the empty PostgreSQL database at
 * `targetUrl` (migrated as `migrationUrl`, default the same), then compares both sides and runs
 * every ledger invariant on the target, as the app (`targetUrl`) sees it.
 */
export const moveToPostgres = async ({
  pgliteDir,
  targetUrl,
  migrationUrl = targetUrl,
  batchRows = 1000,
  onTable = () => undefined,
}: {
  pgliteDir: string;
  targetUrl: string;
  migrationUrl?: string;
  batchRows?: number;
  onTable?: (table: string, rows: number, done: boolean) => void;
}): Promise<MoveReport> => {
  const source = await openSource(pgliteDir);
  try {
    await prepareTarget(targetUrl, migrationUrl);
    const from = sourceRun(source);
    const tables = await listTables(from);
    const copyMs = await withClient(migrationUrl, async (owner) => {
      const targetTables = new Map((await listTables(clientRun(owner))).map((t) => [t.name, t]));
      const differing = tables
        .filter((t) => targetTables.get(t.name)?.signature !== t.signature)
        .map((t) => t.name);
      if (differing.length > 0 || targetTables.size !== tables.length)
        throw new MoveRefusedError(
          `The two databases' tables differ (${differing.join(', ') || 'table count'}): the ` +
            'embedded one was made by another version of Vendo than this one.',
        );
      const started = Date.now();
      await copyAll(from, owner, tables, { batchRows, onTable });
      return Date.now() - started;
    });

    // Compared as the owner (it reads every sequence); the ledger checked as the app sees it.
    return await withClient(migrationUrl, (check) =>
      withClient(targetUrl, async (app) => {
        const checks = await compare(from, clientRun(check), tables);
        const invariants = await checkLedgerInvariants(drizzlePg(app) as unknown as Db);
        const ok =
          checks.results.every((r) => r.same) &&
          checks.sequences.every((q) => q.same) &&
          checks.accounts.mismatches.length === 0 &&
          invariants.every((r) => r.violations === 0);
        return {
          tables: checks.results,
          sequences: checks.sequences,
          accounts: checks.accounts,
          invariants,
          copyMs,
          ok,
        };
      }),
    );
  } finally {
    await source.close();
  }
};
