import { SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { dataPlans, sandboxSupplierFloats } from '../../db/schema/index.ts';
import { databaseSandboxBooks, memorySandboxBooks, type SandboxBooks } from './sandbox-books.ts';
import {
  readSandboxPriceList,
  type NewSandboxOrder,
  type PlaceOrderResult,
  type SandboxPlan,
} from './sandbox-store.ts';

/**
 * The two SandboxBooks implementations (database and memory) the contract tests run against, and
 * the orders and floats they are given.
 */

export let database: Database;
export let db: Database['db'];
export let priceLists: Record<TSupplier, Map<string, SandboxPlan>>;

/** MTN SME 1GB in the seeded catalogue: each supplier's plan id for it, and its cost price. */
export let plan: { name: string; glad: string; alaro: string; costKobo: number };
export let seq = 0;

export const requestId = (tag = 'REQ') => `${tag}-${++seq}-${Date.now()}`;

export const order = (overrides: Partial<NewSandboxOrder> = {}): NewSandboxOrder => ({
  supplier: 'GLAD',
  kind: 'airtime',
  requestId: requestId(),
  request: { mobile_number: '08030005678', amount: '10.00' },
  amountKobo: 1_000,
  status: 'successful',
  ...overrides,
});

export const placed = (result: PlaceOrderResult) => {
  expect(result.kind).toBe('placed');
  return result as Extract<PlaceOrderResult, { kind: 'placed' }>;
};

/** The floats each case starts from; a supplier left out has no float at all. */
export type Floats = Partial<Record<TSupplier, number>>;

/** The database floats set to exactly these (a supplier left out has its float row removed). */
export const setDatabaseFloats = async (floats: Floats) => {
  for (const supplier of SUPPLIERS) {
    const balanceKobo = floats[supplier];
    if (balanceKobo === undefined) {
      await db.delete(sandboxSupplierFloats).where(eq(sandboxSupplierFloats.supplier, supplier));
    } else {
      await db
        .insert(sandboxSupplierFloats)
        .values({ supplier, balanceKobo })
        .onConflictDoUpdate({ target: sandboxSupplierFloats.supplier, set: { balanceKobo } });
    }
  }
};

export type Implementation = {
  name: string;
  /** Books whose floats are exactly `floats` now (the price lists are the seeded catalogue's). */
  open: (floats: Floats) => Promise<SandboxBooks>;
};

export const implementations: Implementation[] = [
  {
    name: 'databaseSandboxBooks',
    open: async (floats) => {
      await setDatabaseFloats(floats);
      return databaseSandboxBooks(db);
    },
  },
  {
    name: 'memorySandboxBooks',
    open: async (floats) => memorySandboxBooks({ priceLists, floatsKobo: floats }),
  },
];

/** A database and the seeded price lists, per test file. */
export const useSandboxBooks = (): void => {
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    priceLists = {
      ALARO: await readSandboxPriceList(db, 'ALARO'),
      GLAD: await readSandboxPriceList(db, 'GLAD'),
    };
    const [row] = await db
      .select()
      .from(dataPlans)
      .where(
        sql`${dataPlans.network} = 'MTN' and ${dataPlans.planType} = 'SME' and ${dataPlans.plan} = '1GB'`,
      );
    plan = {
      name: 'MTN SME 1GB',
      glad: row!.supplierPlanIds.GLAD!,
      alaro: row!.supplierPlanIds.ALARO!,
      costKobo: row!.costPriceKobo,
    };
    expect(plan.costKobo).toBeGreaterThan(0);
    expect(priceLists.GLAD.size).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await database?.close();
  });
};
