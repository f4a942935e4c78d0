import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import {
  databaseVtpassBooks,
  memoryVtpassBooks,
  type NewSandboxVtpassOrder,
  type VtpassBooks,
} from './vtpass-sandbox.store.ts';

/**
 * The contract of VtpassBooks (vtpass-sandbox.store.ts): the same cases against the database
 * books (the app) and the memory books (the benchmark's supplier process).
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
const order = (overrides: Partial<NewSandboxVtpassOrder> = {}): NewSandboxVtpassOrder => ({
  requestId: `202611271200${String(++seq).padStart(4, '0')}abc`,
  serviceId: 'dstv',
  billersCode: '1212121212',
  variationCode: 'dstv-compact',
  productName: 'DStv Subscription - DStv Compact',
  quantity: 1,
  amountKobo: 1_900_000,
  phone: '08030005678',
  status: 'delivered',
  settlesTo: null,
  pins: null,
  ...overrides,
});

const implementations: { name: string; open: () => VtpassBooks }[] = [
  { name: 'databaseVtpassBooks', open: () => databaseVtpassBooks(database.db) },
  { name: 'memoryVtpassBooks', open: () => memoryVtpassBooks() },
];

describe.each(implementations)('VtpassBooks contract: $name', ({ open }) => {
  it('keeps an order as placed, with a transaction id of digits led by the request time', async () => {
    const books = open();
    const placed = await books.place(order({ quantity: 2, amountKobo: 700_000 }));
    expect(placed).toMatchObject({ serviceId: 'dstv', quantity: 2, amountKobo: 700_000 });
    expect(placed!.transactionId).toMatch(/^202611271200\d{12}$/);
    expect(placed!.createdAt).toBeInstanceOf(Date);
    const again = await books.requery(placed!.requestId);
    expect(again).toEqual(placed);
  });

  it('refuses a request_id already taken and keeps the first order', async () => {
    const books = open();
    const first = await books.place(order());
    expect(
      await books.place({ ...order(), requestId: first!.requestId, amountKobo: 1 }),
    ).toBeNull();
    expect((await books.requery(first!.requestId))!.amountKobo).toBe(first!.amountKobo);
    const other = await books.place(order());
    expect(other!.transactionId).not.toBe(first!.transactionId);
  });

  it('answers undefined for a request_id never placed', async () => {
    expect(await open().requery('2026112712000000never')).toBeUndefined();
  });

  it('settles a pending order once, to where its trigger said', async () => {
    const books = open();
    for (const settlesTo of ['delivered', 'failed']) {
      const pending = await books.place(order({ status: 'pending', settlesTo }));
      expect(pending!.status).toBe('pending');
      expect((await books.requery(pending!.requestId))!.status).toBe(settlesTo);
      expect((await books.requery(pending!.requestId))!.status).toBe(settlesTo);
    }
    const stuck = await books.place(order({ status: 'pending', settlesTo: null }));
    expect((await books.requery(stuck!.requestId))!.status).toBe('pending');
  });

  it('answers copies: changing an answer changes nothing kept', async () => {
    const books = open();
    const placed = await books.place(order({ pins: [{ pin: '1234', serial: 'S1' }] }));
    placed!.status = 'failed';
    placed!.pins![0]!.pin = '0000';
    const kept = await books.requery(placed!.requestId);
    expect(kept!.status).toBe('delivered');
    expect(kept!.pins).toEqual([{ pin: '1234', serial: 'S1' }]);
  });
});
