import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminAlerts } from '../../db/schema/index.ts';

export let t: TestApp;
export let admin: TestUser;
export let agent: TestUser;
export let customers: TestUser[];

export const as = (user: TestUser, app: TestApp = t) => ({
  get: (path: string) => app.request().get(`/api/v1/admin${path}`).set('x-auth-token', user.token),
  post: (path: string, body: object = {}) =>
    app.request().post(`/api/v1/admin${path}`).set('x-auth-token', user.token).send(body),
});

export const openAlertsOf = (kind: string) =>
  t.ctx.db
    .select()
    .from(adminAlerts)
    .where(and(eq(adminAlerts.kind, kind), sql`${adminAlerts.acknowledgedAt} is null`));

/** A test app with an admin, an agent and customers, per test file. */
export const useBackOfficeTestApp = (): void => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { isAdmin: true });
    agent = await createUser(t.ctx, { isAgent: true });
    customers = [
      await createUser(t.ctx),
      await createUser(t.ctx, { userType: 'reseller' }),
      await createUser(t.ctx, { userType: 'api user' }),
    ];
  });
  afterAll(async () => {
    await t.close();
  });
};
