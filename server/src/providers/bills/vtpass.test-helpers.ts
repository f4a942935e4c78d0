import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-db.ts';
import { vtpassSandboxRoutes } from '../../sandbox/vtpass/vtpass-sandbox.routes.ts';
import type { BillsResult, BillsSupplier } from './port.ts';
import { createVtpassSupplier } from './vtpass.ts';
import { SANDBOX_VTPASS_KEYS, SANDBOX_VTPASS_PATH, vtpassBaseUrl } from './vtpass.config.ts';

/**
 * The VTpass adapter's test servers, over real HTTP: the sandbox VTpass on a fresh database, and
 * a canned server that answers whatever a test sets (codes the sandbox never gives).
 */

const listen = async (app: express.Express): Promise<{ server: Server; url: string }> => {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};
const stop = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

export const adapterFor = (
  baseUrl: string,
  overrides: Partial<Parameters<typeof createVtpassSupplier>[0]> = {},
) => createVtpassSupplier({ baseUrl, ...SANDBOX_VTPASS_KEYS, timeoutMs: 3000, ...overrides });

/** The sandbox VTpass at /sandbox/vtpass on a fresh test database, and the adapter for it. */
export const useSandboxVtpass = () => {
  const env = { vtpass: undefined as unknown as BillsSupplier, baseUrl: '' };
  let server: Server;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    close = database.close;
    const app = express();
    app.use(
      SANDBOX_VTPASS_PATH,
      vtpassSandboxRoutes({ db: database.db, keys: SANDBOX_VTPASS_KEYS }),
    );
    const listening = await listen(app);
    server = listening.server;
    env.baseUrl = vtpassBaseUrl(
      { baseUrl: null, ...SANDBOX_VTPASS_KEYS, timeoutMs: 3000 },
      listening.url,
    );
    env.vtpass = adapterFor(env.baseUrl);
  });
  afterAll(async () => {
    await stop(server);
    await close();
  });
  return env;
};

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
