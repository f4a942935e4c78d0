import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierResult, VendingSupplier } from '../../providers/vending/port.ts';
import { createSupplierRegistry } from '../../providers/vending/registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../../providers/vending/suppliers.config.ts';
import { memorySandboxBooks, type SandboxBooks } from './sandbox-books.ts';
import { standaloneSandboxSuppliers } from './sandbox-supplier.routes.ts';
import { type Floats, plan, priceLists, useSandboxBooks } from './sandbox-books.test-helpers.ts';

/**
 * The contract of SandboxBooks (sandbox-books.ts): the same cases against the database books
 * (the app) and the memory books (the benchmark's supplier process), so both keep the same rules.
 * Then the memory books behind the real routes, driven by the real adapter over real HTTP.
 */

useSandboxBooks();

/** Numbers the orders these tests send. */
let seq = 0;

describe('memorySandboxBooks behind the sandbox routes, through the real adapter over HTTP', () => {
  type Served = { server: Server; books: SandboxBooks; glad: VendingSupplier };
  const served: Served[] = [];

  /** The sandbox suppliers on these books, served alone as the benchmark serves them. */
  const serve = async (floatsKobo: Floats): Promise<Served> => {
    const books = memorySandboxBooks({ priceLists, floatsKobo });
    // Served as the benchmark's supplier process serves them.
    const server = createServer(
      standaloneSandboxSuppliers({ books, apiKeys: SANDBOX_SUPPLIER_KEYS, slowMs: 1_000 }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const registry = createSupplierRegistry({
      settings: loadSupplierSettings({ SUPPLIER_TIMEOUT_MS: '3000' }),
      sandboxBaseUrl: url,
    });
    const s = { server, books, glad: registry.get('GLAD') };
    served.push(s);
    return s;
  };

  afterAll(async () => {
    for (const { server } of served) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  let s: Served;
  beforeAll(async () => {
    s = await serve({ GLAD: 10_000_000, ALARO: 10_000_000 });
  });

  it('served alone: paths outside the sandbox suppliers are a 404', async () => {
    const port = (s.server.address() as AddressInfo).port;
    for (const path of ['/', '/api/data/', '/sandbox/other/api/data/']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  const next = (lastFour: string) => {
    seq += 1;
    return {
      reference: `VND-MEM-${seq}-${Date.now()}`,
      network: 'MTN' as const,
      phone: `0803${String(seq % 1000).padStart(3, '0')}${lastFour}`,
      supplierPlanId: plan.glad,
      ported: false,
    };
  };
  const expectOutcome = (result: SupplierResult, outcome: SupplierResult['outcome']) =>
    expect(result.outcome, `${result.message} | ${result.raw}`).toBe(outcome);

  it('any other number: success, the float reduced by the plan cost', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('5678');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'success');
    expect(result.supplierRef).toMatch(/^\d+$/);
    expect(JSON.parse(result.raw)).toMatchObject({
      Status: 'successful',
      request_id: o.reference,
      plan_name: plan.name,
      balance_before: (before / 100).toFixed(2),
      balance_after: ((before - plan.costKobo) / 100).toFixed(2),
    });
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    expectOutcome(
      await s.glad.query('data', { supplierRef: result.supplierRef, reference: o.reference }),
      'success',
    );
    expectOutcome(
      await s.glad.query('data', { supplierRef: null, reference: o.reference }),
      'success',
    );
    // The same reference again is the same order: nothing more taken.
    const repeat = await s.glad.buyData(o);
    expectOutcome(repeat, 'success');
    expect(repeat.supplierRef).toBe(result.supplierRef);
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
  });

  it('0000: failed, the float unchanged', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('0000');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'failed');
    expect(result.insufficientFloat).toBeUndefined();
    expect(await s.books.floatKobo('GLAD')).toBe(before);
    expectOutcome(
      await s.glad.query('data', { supplierRef: null, reference: o.reference }),
      'failed',
    );
    expect(await s.books.floatKobo('GLAD')).toBe(before);
  });

  it('1111: pending with the amount held, then re-query → success', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('1111');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'pending');
    expect(result.supplierRef).toMatch(/^\d+$/);
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    const requery = { supplierRef: result.supplierRef, reference: o.reference };
    expectOutcome(await s.glad.query('data', requery), 'success');
    expectOutcome(await s.glad.query('data', requery), 'success');
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
  });

  it('2222: pending, then re-query → failed and the float restored once', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('2222');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'pending');
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    const requery = { supplierRef: result.supplierRef, reference: o.reference };
    expectOutcome(await s.glad.query('data', requery), 'failed');
    expectOutcome(await s.glad.query('data', requery), 'failed');
    expect(await s.books.floatKobo('GLAD')).toBe(before);
  });

  it('5555: every answer names another number (the books keep ours); 8888 takes twice the price', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('5555');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'success');
    expect(result.answered?.phone).not.toBe(o.phone);
    expect(result.answered?.phone?.slice(-4)).toBe('5555');
    const again = await s.glad.query('data', { supplierRef: null, reference: o.reference });
    expect(again.answered?.phone).toBe(result.answered?.phone);
    expect((await s.books.findOrder('GLAD', 'data', o.reference))!.request.mobile_number).toBe(
      o.phone,
    );
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);

    const greedy = await s.glad.buyData(next('8888'));
    expectOutcome(greedy, 'success');
    const { balanceBeforeKobo, balanceAfterKobo } = greedy.answered!;
    expect(balanceBeforeKobo! - balanceAfterKobo!).toBe(2 * plan.costKobo);
    expect(await s.books.floatKobo('GLAD')).toBe(before - 3 * plan.costKobo);
  });

  it('6666: success, then reversed on re-query (the float back), then refunded', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('6666');
    expectOutcome(await s.glad.buyData(o), 'success');
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    const requery = { supplierRef: null, reference: o.reference };
    const reversed = await s.glad.query('data', requery);
    expectOutcome(reversed, 'reversed');
    expect(JSON.parse(reversed.raw)).toMatchObject({ Status: 'reversed' });
    expect(await s.books.floatKobo('GLAD')).toBe(before);
    const refunded = await s.glad.query('data', requery);
    expectOutcome(refunded, 'reversed');
    expect(JSON.parse(refunded.raw)).toMatchObject({ Status: 'refunded' });
    expect(await s.books.floatKobo('GLAD')).toBe(before);
  });

  it('7777: delivered, but answered 400 "Request ID exists"; the re-query says successful', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('7777');
    const result = await s.glad.buyData(o);
    expect(result).toMatchObject({ outcome: 'pending', duplicateRequest: true });
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    expectOutcome(
      await s.glad.query('data', { supplierRef: null, reference: o.reference }),
      'success',
    );
  });

  it('an exhausted float: failed with insufficientFloat, float unchanged, nothing stored', async () => {
    const small = await serve({ GLAD: plan.costKobo - 1, ALARO: 0 });
    const o = next('5678');
    const result = await small.glad.buyData(o);
    expect(result).toMatchObject({ outcome: 'failed', insufficientFloat: true });
    expect(result.message).toMatch(/^Dear Customer, your balance is insufficient/);
    expect(await small.books.floatKobo('GLAD')).toBe(plan.costKobo - 1);
    expect(await small.books.findOrder('GLAD', 'data', o.reference)).toBeNull();
    // A failing number takes nothing, so it still goes through on what is left.
    const failing = await small.glad.buyData(next('0000'));
    expectOutcome(failing, 'failed');
    expect(failing.insufficientFloat).toBeUndefined();
    expect(await small.books.floatKobo('GLAD')).toBe(plan.costKobo - 1);
  });
});
