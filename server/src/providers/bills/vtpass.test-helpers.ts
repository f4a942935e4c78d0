import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { BillsResult } from './port.ts';
import { createVtpassSupplier } from './vtpass.ts';
import { SANDBOX_VTPASS_KEYS } from './vtpass.config.ts';

/**
 * The VTpass adapter's canned server, over real HTTP: it answers whatever a test sets (codes the
 * sandbox VTpass never gives). The sandbox's own helpers: sandbox/vtpass/vtpass-sandbox.test-helpers.ts.
 */

export const listen = async (app: express.Express): Promise<{ server: Server; url: string }> => {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};
export const stop = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

export const adapterFor = (
  baseUrl: string,
  overrides: Partial<Parameters<typeof createVtpassSupplier>[0]> = {},
) => createVtpassSupplier({ baseUrl, ...SANDBOX_VTPASS_KEYS, timeoutMs: 3000, ...overrides });

export type Canned = { status: number; body: string; delayMs?: number };
export const json = (body: unknown, status = 200): Canned => ({
  status,
  body: JSON.stringify(body),
});
export type Seen = { method: string; url: string; headers: Record<string, unknown>; body: unknown };

/** A server answering `wire.canned` to everything and recording what it was sent in `wire.seen`. */
export const useCannedVtpass = () => {
  const wire = { canned: json({ code: '000' }), seen: [] as Seen[], baseUrl: '' };
  let server: Server;
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(async (req, res) => {
      wire.seen.push({
        method: req.method,
        url: req.originalUrl,
        headers: req.headers,
        body: req.body,
      });
      const reply = wire.canned;
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (req.socket.destroyed) return;
      res.status(reply.status).type('application/json').send(reply.body);
    });
    const listening = await listen(app);
    server = listening.server;
    wire.baseUrl = listening.url;
  });
  afterAll(() => stop(server));
  beforeEach(() => {
    wire.seen = [];
    wire.canned = json({ code: '000' });
  });
  return wire;
};

export const expectOutcome = (result: BillsResult, outcome: BillsResult['outcome']) =>
  expect(result.outcome, `${result.message} (${result.raw})`).toBe(outcome);
