import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createHusmodataSupplier } from './husmodata.ts';
import type { SupplierResult, VendingSupplier } from './port.ts';
import { DEFAULT_SUPPLIER_NETWORK_IDS } from './suppliers.config.ts';

/**
 * A throwaway HTTP server that answers whatever a test sets, for the Husmodata adapter's tests.
 * Each test file keeps its own `canned` answer and `seen` requests and hands them in here.
 */

export type Canned = { status: number; body: string; type?: string; delayMs?: number };
export type Seen = { method: string; url: string; auth: string | undefined; body: unknown };

export const json = (status: number, body: unknown): Canned => ({
  status,
  body: JSON.stringify(body),
});
export const html = (
  status: number,
  body = '<html><body><h1>Server Error (500)</h1></body></html>',
): Canned => ({
  status,
  body,
  type: 'text/html',
});

/** Listens on a free local port; every request is recorded, then answered with `answer()`. */
export const startCannedServer = async (
  answer: () => Canned,
  record: (seen: Seen) => void,
): Promise<Server> => {
  const app = express();
  app.use(express.json());
  app.use(async (req, res) => {
    record({
      method: req.method,
      url: req.originalUrl,
      auth: req.get('authorization'),
      body: req.body,
    });
    const reply = answer();
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (req.socket.destroyed) return;
    res
      .status(reply.status)
      .type(reply.type ?? 'application/json')
      .send(reply.body);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
};

export const stopCannedServer = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

/**
 * A canned server for one test file: started before its tests, stopped after them, and before
 * each test answering a successful order again with nothing recorded. A test sets
 * `wire.canned` to change the answer and reads what was sent in `wire.seen`.
 */
export const useCannedServer = () => {
  const wire = {
    canned: json(200, { id: 1, Status: 'successful' }),
    seen: [] as Seen[],
    baseUrl: '',
  };
  let server: Server;
  beforeAll(async () => {
    server = await startCannedServer(
      () => wire.canned,
      (s) => wire.seen.push(s),
    );
    wire.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => stopCannedServer(server));
  beforeEach(() => {
    wire.seen = [];
    wire.canned = json(200, { id: 1, Status: 'successful' });
  });
  return wire;
};

/** The GLAD adapter pointed at the canned server. */
export const cannedSupplier = (
  baseUrl: string,
  overrides: Partial<Parameters<typeof createHusmodataSupplier>[0]> = {},
): VendingSupplier =>
  createHusmodataSupplier({
    name: 'GLAD',
    baseUrl: `${baseUrl}/`,
    apiKey: 'live-key',
    timeoutMs: 2000,
    networkIds: DEFAULT_SUPPLIER_NETWORK_IDS.GLAD,
    ...overrides,
  });

export const dataOrder = {
  reference: 'VND-REF-1',
  network: '9MOBILE' as const,
  phone: '08091234567',
  supplierPlanId: '41',
  ported: true,
};
export const expectOutcome = (result: SupplierResult, outcome: SupplierResult['outcome']) =>
  expect(result.outcome, result.message).toBe(outcome);
