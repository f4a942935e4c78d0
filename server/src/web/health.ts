import { withTimeout } from '../lib/with-timeout.ts';
import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { MIGRATIONS_DIR } from '../db/client.ts';
import { newestAppliedMigration, pingDatabase } from '../db/health.repository.ts';

/**
 * What a load balancer or an orchestrator asks (docs/operations: "Health"): `GET /livez` is the
 * process itself (no database call: a database outage must not get healthy processes
 * restarted); `GET /readyz` is whether this process should be sent requests now: the database
 * answers, every migration this build knows is applied, and it is not shutting down.
 */
export type Lifecycle = {
  /** Set on SIGTERM: readiness goes false first, so the balancer stops sending work. */
  draining: boolean;
};

export const createLifecycle = (): Lifecycle => ({ draining: false });

/** The newest migration this build ships (drizzle records each applied one by its `when`). */
const newestMigration = (): number => {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
};

/** How long readiness waits for the database before it answers not ready. */
const READY_TIMEOUT_MS = 2000;

export const healthRoutes = (db: Db, lifecycle: Lifecycle): Router => {
  const router = Router();
  const newest = newestMigration();
  let migrated = false;

  router.get('/livez', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (lifecycle.draining) {
      res.status(503).json({ status: 'draining', database: 'unknown', migrations: 'unknown' });
      return;
    }
    try {
      // Once this process has seen its migrations applied they stay applied; after that the
      // check is one round trip.
      if (migrated) {
        await withTimeout(pingDatabase(db), READY_TIMEOUT_MS);
      } else {
        const applied = await withTimeout(newestAppliedMigration(db), READY_TIMEOUT_MS);
        migrated = applied >= newest;
      }
    } catch {
      // Public: no host, port or driver text from the error.
      res.status(503).json({ status: 'unavailable', database: 'down', migrations: 'unknown' });
      return;
    }
    if (!migrated) {
      res.status(503).json({ status: 'unavailable', database: 'up', migrations: 'pending' });
      return;
    }
    res.json({ status: 'ok', database: 'up', migrations: 'applied' });
  });
  return router;
};
