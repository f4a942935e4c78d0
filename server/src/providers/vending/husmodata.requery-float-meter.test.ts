import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/app-error.ts';
import type { SupplierResult } from './port.ts';
import {
  type Canned,
  cannedSupplier,
  expectOutcome,
  html,
  json,
  useCannedServer,
} from './husmodata.test-helpers.ts';

/**
 * The adapter against a throwaway HTTP server that answers whatever a test sets: every
 * classification branch of husmodata.ts (`classifyAnswer`) over real HTTP. The sandbox
 * suppliers' own tests (sandbox/vending) cover the triggers end to end.
 */

const wire = useCannedServer();

const supplier = (overrides: Parameters<typeof cannedSupplier>[1] = {}) =>
  cannedSupplier(wire.baseUrl, overrides);

describe('Husmodata adapter: classifying a re-query answer', () => {
  const query = (s = supplier()) => s.query('data', { supplierRef: '5', reference: 'VND-REF-1' });

  it.each<[string, Canned, SupplierResult['outcome']]>([
    ['200 successful', json(200, { id: 5, Status: 'successful' }), 'success'],
    ['200 failed', json(200, { id: 5, Status: 'failed' }), 'failed'],
    ['200 processing', json(200, { id: 5, Status: 'processing' }), 'pending'],
    ['200 refunded', json(200, { id: 5, Status: 'refunded' }), 'reversed'],
    ['200 reversed', json(200, { id: 5, Status: 'reversed' }), 'reversed'],
    ['400 refunded (not a 2xx)', json(400, { Status: 'refunded' }), 'pending'],
    ['200 HTML', html(200, '<html></html>'), 'pending'],
    ['200 malformed JSON', { status: 200, body: '{"Status":' }, 'pending'],
    ['404 (not known yet) — never failed', json(404, { detail: 'Not found.' }), 'pending'],
    ['400 error body', json(400, { error: ['Invalid id'] }), 'pending'],
    ['401 (says nothing about the order)', json(401, { detail: 'Invalid token.' }), 'pending'],
    ['403', json(403, { detail: 'Forbidden' }), 'pending'],
    ['500 HTML', html(500), 'pending'],
    ['500 with Status failed', json(500, { Status: 'failed' }), 'pending'],
  ])('%s → %s', async (_name, reply, outcome) => {
    wire.canned = reply;
    expectOutcome(await query(), outcome);
  });

  it("only DRF's own 404 says the supplier has no such order (notFound); any other 404 says nothing", async () => {
    wire.canned = json(404, { detail: 'Not found.' });
    expect(await query()).toMatchObject({ outcome: 'pending', notFound: true });
    for (const reply of [
      html(404, '<html><body>nginx 404</body></html>'),
      json(404, { detail: 'Page not found at /api/v9/' }),
      json(404, { error: 'Not found.' }),
      json(500, { detail: 'Not found.' }),
    ]) {
      wire.canned = reply;
      const result = await query();
      expect(result.outcome).toBe('pending');
      expect(result.notFound).toBeUndefined();
    }
  });

  it('a failed order whose answer says insufficient balance → failed + insufficientFloat', async () => {
    wire.canned = json(200, {
      id: 5,
      Status: 'failed',
      api_response: 'Dear Customer, your balance is insufficient',
    });
    expect(await query()).toMatchObject({ outcome: 'failed', insufficientFloat: true });
  });

  it('a timeout → pending', async () => {
    wire.canned = { ...json(200, { Status: 'successful' }), delayMs: 1000 };
    expectOutcome(await query(supplier({ timeoutMs: 150 })), 'pending');
  });
});

describe('Husmodata adapter: our float (GET /api/user/)', () => {
  it('reads wallet_balance at the top or under user, as a number or text, in kobo', async () => {
    for (const [body, kobo] of [
      [{ wallet_balance: 12345.67 }, 12_345_67],
      [{ user: { username: 'vendo', wallet_balance: '1,500.5' } }, 1_500_50],
      [{ balance: '0' }, 0],
      [{ Account_Balance: 99.999 }, 100_00],
    ] as const) {
      wire.canned = json(200, body);
      expect(await supplier().balance()).toEqual({ balanceKobo: kobo });
    }
    expect(wire.seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/user/',
      auth: 'Token live-key',
    });
  });

  it('answers an error, never throws, for anything else', async () => {
    for (const [reply, error] of [
      [json(200, { username: 'vendo' }), 'GLAD did not say what our balance is'],
      [json(200, { wallet_balance: 'lots' }), 'GLAD did not say what our balance is'],
      [json(200, { wallet_balance: -5 }), 'GLAD did not say what our balance is'],
      [json(401, { detail: 'Invalid token.' }), 'GLAD answered HTTP 401'],
      [html(500), 'GLAD answered HTTP 500'],
      [{ ...json(200, { wallet_balance: 1 }), delayMs: 400 }, 'No answer from GLAD within 100 ms'],
    ] as const) {
      wire.canned = reply;
      expect(await supplier().balance({ timeoutMs: 100 })).toEqual({ error });
    }
  });
});

describe('Husmodata adapter: meter validation', () => {
  const validate = (s = supplier()) =>
    s.validateMeter({ discoId: 20, meterNumber: '45012345678', meterType: 'prepaid' });

  it('asks with disco, meter type and number in the query string', async () => {
    wire.canned = json(200, {
      invalid: false,
      name: 'OKAFOR EMEKA',
      address: '12 Allen Avenue, Ikeja',
    });
    expect(await validate()).toEqual({
      valid: true,
      name: 'OKAFOR EMEKA',
      address: '12 Allen Avenue, Ikeja',
    });
    expect(wire.seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/v2/validatemeter/?disco_id=20&meter_type=prepaid&meter_number=45012345678',
      auth: 'Token live-key',
    });
  });

  it('an invalid meter is a definite answer, not an error', async () => {
    wire.canned = json(200, { invalid: true, name: 'INVALID METER NUMBER' });
    expect(await validate()).toEqual({ valid: false, name: 'INVALID METER NUMBER', address: null });
  });

  it('tolerates "true"/"false" strings and a missing address', async () => {
    wire.canned = json(200, { invalid: 'false', name: 'BELLO AISHA' });
    expect(await validate()).toEqual({ valid: true, name: 'BELLO AISHA', address: null });
  });

  const expectProviderError = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isAppError(error) && error.code === 'PROVIDER_ERROR' && error.status === 502).toBe(true);
  };

  it.each<[string, Canned]>([
    ['500 HTML', html(500)],
    ['401', json(401, { detail: 'Invalid token.' })],
    ['200 HTML', html(200, '<html></html>')],
    ['200 without the invalid flag', json(200, { name: 'X' })],
  ])('%s → throws PROVIDER_ERROR (502: nothing was charged)', async (_name, reply) => {
    wire.canned = reply;
    await expectProviderError(validate());
  });

  it('a timeout or network failure throws', async () => {
    wire.canned = { ...json(200, { invalid: false, name: 'X' }), delayMs: 1000 };
    await expectProviderError(validate(supplier({ timeoutMs: 150 })));
    await expectProviderError(
      validate(supplier({ fetchImpl: () => Promise.reject(new TypeError('fetch failed')) })),
    );
  });
});
