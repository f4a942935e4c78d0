import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { createApp } from '../app.ts';
import { createLifecycle, type Lifecycle } from './health.ts';

let t: TestApp;
let lifecycle: Lifecycle;

beforeAll(async () => {
  lifecycle = createLifecycle();
  t = await createTestApp({}, { lifecycle });
});
afterAll(async () => {
  await t.close();
});

describe('GET /livez and GET /readyz', () => {
  it('live and ready on a migrated database, not cached', async () => {
    const live = await t.request().get('/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await t.request().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up', migrations: 'applied' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('not ready while draining (after SIGTERM), still live', async () => {
    lifecycle.draining = true;
    try {
      const ready = await t.request().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'draining' });
      expect((await t.request().get('/livez')).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });

  it('not ready when the database lacks a migration this build ships', async () => {
    // A second app over the same database, as a new release starting before its migration ran.
    await t.ctx.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await supertest(createApp(t.ctx)).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
  });
});
