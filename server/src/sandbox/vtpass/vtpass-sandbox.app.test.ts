import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createVtpassSupplier } from '../../providers/bills/vtpass.ts';
import { vtpassBaseUrl } from '../../providers/bills/vtpass.config.ts';

/** The app serves the sandbox VTpass at its own URL, with the keys the configuration names. */
describe('the sandbox VTpass in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      VTPASS_API_KEY: 'own-api-key',
      VTPASS_SECRET_KEY: 'SK_own',
      VTPASS_PUBLIC_KEY: 'PK_own',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the adapter built from the configuration, and refuses the default keys', async () => {
    const settings = t.ctx.config.vtpass;
    const baseUrl = vtpassBaseUrl(settings, t.url);
    expect(baseUrl).toBe(`${t.url}/sandbox/vtpass`);
    const vtpass = createVtpassSupplier({ ...settings, baseUrl });
    const order = {
      requestId: vtpass.newRequestId(),
      serviceId: 'startimes' as const,
      billersCode: '0212345678',
      variationCode: 'classic',
      amountKobo: 600_000,
      phone: '08031234567',
    };
    const paid = await vtpass.pay(order);
    expect(paid.outcome, paid.raw).toBe('delivered');
    expect((await vtpass.requery(order.requestId)).outcome).toBe('delivered');

    const defaults = await createVtpassSupplier({
      baseUrl,
      apiKey: 'sandbox-vtpass-api-key',
      secretKey: 'SK_sandbox_vtpass_secret',
      publicKey: 'PK_sandbox_vtpass_public',
      timeoutMs: 2000,
    }).pay({ ...order, requestId: vtpass.newRequestId() });
    expect(defaults).toMatchObject({ outcome: 'failed', code: '087' });
  });
});
