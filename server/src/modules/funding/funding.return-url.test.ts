import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../db/schema/sandbox.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * After paying on the card checkout the browser comes back to the app signed in: to APP_URL when
 * it is set, otherwise to the origin the user opened the app on (127.0.0.1 stays 127.0.0.1).
 */

const startCheckout = async (t: TestApp, origin?: string) => {
  const user = await createUser(t.ctx);
  const req = t.request().post('/api/v1/fundWallet/squad/initiate').set('x-auth-token', user.token);
  void req.set('Host', '127.0.0.1:4321');
  if (origin) void req.set('Origin', origin);
  const res = await req.send({ amount: 500, email: user.email });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const link = new URL(res.body.link as string);
  const ref = decodeURIComponent(link.pathname.split('/').pop()!);
  const [payment] = await t.ctx.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.reference, ref));
  return { link, ref, callbackUrl: payment!.callbackUrl };
};

describe('card checkout return address without APP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: '' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("comes back to the browser's own origin, and the checkout page may send it there", async () => {
    const { link, ref, callbackUrl } = await startCheckout(t, 'http://127.0.0.1:5173');
    expect(callbackUrl).toBe('http://127.0.0.1:5173/profile');

    const page = await t.request().get(link.pathname);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(
      /form-action [^;]*http:\/\/127\.0\.0\.1:5173/,
    );
    const paid = await t.request().post(`/sandbox/squad/checkout/${encodeURIComponent(ref)}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe('http://127.0.0.1:5173/profile');
  });

  it('without an Origin header, comes back to the address the request came to', async () => {
    const { callbackUrl } = await startCheckout(t);
    expect(callbackUrl).toBe('http://127.0.0.1:4321/profile');
  });

  it('ignores an Origin that is no http(s) origin', async () => {
    const { callbackUrl } = await startCheckout(t, 'null');
    expect(callbackUrl).toBe('http://127.0.0.1:4321/profile');
  });
});

describe('card checkout return address with APP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://vendo.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('always comes back to APP_URL', async () => {
    expect((await startCheckout(t, 'http://127.0.0.1:5173')).callbackUrl).toBe(
      'https://vendo.example/profile',
    );
    expect((await startCheckout(t)).callbackUrl).toBe('https://vendo.example/profile');
  });
});
