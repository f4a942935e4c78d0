import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TSupplier } from '@vendo/shared/constants';
import { sql } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { dataPlans, sandboxSupplierOrders } from '../../db/schema/index.ts';
import { createHusmodataSupplier } from '../../providers/vending/husmodata.ts';
import type { SupplierResult, VendingSupplier } from '../../providers/vending/port.ts';
import { createSupplierRegistry, sandboxSupplierUrl } from '../../providers/vending/registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../../providers/vending/suppliers.config.ts';
import { sandboxFloatKobo } from './sandbox-store.ts';
import { databaseSandboxBooks } from './sandbox-books.ts';
import { sandboxSupplierRoutes } from './sandbox-supplier.routes.ts';

/**
 * The sandbox suppliers listening over real HTTP and the real adapters pointed at them (no mocked
 * fetch), for the sandbox supplier tests.
 */

export const SLOW_MS = 1000;
export const SHORT_TIMEOUT_MS = 300;

export let t: TestApp;
export let server: Server;
export let appUrl: string;
export let glad: VendingSupplier;
export let alaro: VendingSupplier;

/** GLAD with a timeout shorter than the sandbox's slow answer (trigger 3333). */
export let impatientGlad: VendingSupplier;

/** The GLAD plan id and its cost (the sandbox's price) for MTN SME 1GB in the seeded catalogue. */
export let plan: { glad: string; alaro: string; costKobo: number };

export const listen = async (db: TestApp['ctx']['db']): Promise<Server> => {
  const app = express();
  app.use(
    '/sandbox/suppliers',
    sandboxSupplierRoutes({
      books: databaseSandboxBooks(db),
      apiKeys: SANDBOX_SUPPLIER_KEYS,
      slowMs: SLOW_MS,
    }),
  );
  const s = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => s.once('listening', resolve));
  return s;
};

export const close = async (s: Server) => {
  s.closeAllConnections();
  await new Promise((resolve) => s.close(resolve));
};

/** Closes the sandbox's server and listens again over the same database, adapters reconnected. */
export const restartSandbox = async () => {
  await close(server);
  server = await listen(t.ctx.db);
  connectAdapters();
};

/** Adapters for the sandbox on `server`, as the app builds them (registry, default settings). */
export const connectAdapters = () => {
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = loadSupplierSettings({ SUPPLIER_TIMEOUT_MS: '5000' });
  const registry = createSupplierRegistry({ settings, sandboxBaseUrl: appUrl });
  glad = registry.get('GLAD');
  alaro = registry.get('ALARO');
  impatientGlad = createHusmodataSupplier({
    ...settings.GLAD,
    name: 'GLAD',
    baseUrl: sandboxSupplierUrl(appUrl, 'GLAD'),
    timeoutMs: SHORT_TIMEOUT_MS,
  });
};

export let seq = 0;

/** A unique reference and an 11-digit phone number ending in the given four digits. */
export const next = (lastFour: string) => {
  seq += 1;
  return {
    reference: `VND-T-${seq}-${Date.now()}`,
    phone: `0803${String(seq).padStart(3, '0')}${lastFour}`,
  };
};

export const dataOrder = (lastFour: string, overrides: Record<string, unknown> = {}) => {
  const { reference, phone } = next(lastFour);
  return {
    reference,
    network: 'MTN' as const,
    phone,
    supplierPlanId: plan.glad,
    ported: false,
    ...overrides,
  };
};

export const meter = (lastFour: string) => `4501${String(++seq).padStart(3, '0')}${lastFour}`;

export const electricityOrder = (meterNumber: string, amountKobo = 500_000) => ({
  reference: `VND-E-${++seq}-${Date.now()}`,
  discoId: 20,
  meterNumber,
  meterType: 'prepaid' as const,
  amountKobo,
  phone: '08031234567',
  customerName: 'OKAFOR EMEKA',
});

export const float = (supplier: TSupplier = 'GLAD') => sandboxFloatKobo(t.ctx.db, supplier);

export const expectOutcome = (result: SupplierResult, outcome: SupplierResult['outcome']) =>
  expect(result.outcome, `${result.message} | ${result.raw}`).toBe(outcome);

/** The float rule: opening + top-ups − Σ(successful and processing orders) = float, per supplier. */
export const toppedUp: Record<TSupplier, number> = { ALARO: 0, GLAD: 0 };

export const adjusted: Record<TSupplier, number> = { ALARO: 0, GLAD: 0 };

export const expectFloatConserved = async () => {
  for (const supplier of ['ALARO', 'GLAD'] as const) {
    const [{ held }] = (await t.ctx.db
      .select({ held: sql<string>`coalesce(sum(${sandboxSupplierOrders.amountKobo}), 0)` })
      .from(sandboxSupplierOrders)
      .where(
        sql`${sandboxSupplierOrders.supplier} = ${supplier} and ${sandboxSupplierOrders.status} in ('successful', 'processing')`,
      )) as [{ held: string }];
    expect(await float(supplier)).toBe(
      500_000_000 + toppedUp[supplier] + adjusted[supplier] - Number(held),
    );
  }
};

/** A test app and the sandbox suppliers listening over HTTP, per test file. */
export const useSandboxSuppliers = (): void => {
  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.ctx.db);
    connectAdapters();
    const [row] = await t.ctx.db
      .select()
      .from(dataPlans)
      .where(
        sql`${dataPlans.network} = 'MTN' and ${dataPlans.planType} = 'SME' and ${dataPlans.plan} = '1GB'`,
      );
    plan = {
      glad: row!.supplierPlanIds.GLAD!,
      alaro: row!.supplierPlanIds.ALARO!,
      costKobo: row!.costPriceKobo,
    };
  });
  afterAll(async () => {
    await close(server);
    await t.close();
  });
};
