import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/app-error.ts';
import { createHusmodataSupplier } from './husmodata.ts';
import type { PurchaseKind, SupplierResult, VendingSupplier } from './port.ts';
import { createSupplierRegistry, sandboxSupplierUrl } from './registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { DEFAULT_SUPPLIER_NETWORK_IDS, SANDBOX_SUPPLIER_KEYS } from './suppliers.config.ts';

/**
 * The adapter against a throwaway HTTP server that answers whatever a test sets: every
 * classification branch of husmodata.ts (`classifyAnswer`) over real HTTP. The sandbox
 * suppliers' own tests (sandbox/vending) cover the triggers end to end.
 */

type Canned = { status: number; body: string; type?: string; delayMs?: number };
type Seen = { method: string; url: string; auth: string | undefined; body: unknown };

let server: Server;
let baseUrl: string;
let canned: Canned;
let seen: Seen[] = [];

const json = (status: number, body: unknown): Canned => ({ status, body: JSON.stringify(body) });
const html = (
  status: number,
  body = '<html><body><h1>Server Error (500)</h1></body></html>',
): Canned => ({
  status,
  body,
  type: 'text/html',
});

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use(async (req, res) => {
    seen.push({
      method: req.method,
      url: req.originalUrl,
      auth: req.get('authorization'),
      body: req.body,
    });
    const reply = canned;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (req.socket.destroyed) return;
    res
      .status(reply.status)
      .type(reply.type ?? 'application/json')
      .send(reply.body);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  canned = json(200, { id: 1, Status: 'successful' });
});

const supplier = (
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

const dataOrder = {
  reference: 'VND-REF-1',
  network: '9MOBILE' as const,
  phone: '08091234567',
  supplierPlanId: '41',
  ported: true,
};
const buyData = (s = supplier()) => s.buyData(dataOrder);
const expectOutcome = (result: SupplierResult, outcome: SupplierResult['outcome']) =>
  expect(result.outcome, result.message).toBe(outcome);

describe('Husmodata adapter: requests on the wire', () => {
  it('sends a data order with the token header, configured network id, plan and our reference', async () => {
    await buyData();
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/data/',
        auth: 'Token live-key',
        body: {
          network: 6,
          mobile_number: '08091234567',
          plan: '41',
          Ported_number: true,
          request_id: 'VND-REF-1',
        },
      },
    ]);
  });

  it('sends airtime in naira with the airtime network id and airtime_type VTU', async () => {
    await supplier().buyAirtime({
      reference: 'R2',
      network: '9MOBILE',
      phone: '08091234567',
      amountKobo: 150_050,
      ported: false,
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/topup/',
      body: {
        network: 4,
        amount: 1500.5,
        mobile_number: '08091234567',
        Ported_number: false,
        airtime_type: 'VTU',
        request_id: 'R2',
      },
    });
  });

  it('uses network ids from configuration (ALARO sending names)', async () => {
    const settings = loadSupplierSettings({
      SUPPLIER_NETWORK_IDS: '{"ALARO":{"data":{"MTN":"MTN"}}}',
    });
    await supplier({ name: 'ALARO', networkIds: settings.ALARO.networkIds }).buyData({
      ...dataOrder,
      network: 'MTN',
      supplierPlanId: '1GB_MTN-SME',
    });
    expect(seen[0]!.body).toMatchObject({ network: 'MTN', plan: '1GB_MTN-SME' });
  });

  it('sends an electricity order in naira and leaves out unknown optional fields', async () => {
    canned = json(200, { id: 9, Status: 'successful', token: 'Token : 12345678901234567890' });
    await supplier().buyElectricity({
      reference: 'R3',
      discoId: 20,
      meterNumber: '45012345678',
      meterType: 'prepaid',
      amountKobo: 500_000,
      phone: null,
      customerName: null,
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v2/billpayment/',
      body: {
        disco_id: 20,
        amount: 5000,
        meter_number: '45012345678',
        meter_type: 'prepaid',
        request_id: 'R3',
      },
    });
    expect(seen[0]!.body).not.toHaveProperty('Customer_Phone');
    expect(seen[0]!.body).not.toHaveProperty('customer_name');
  });

  it('sends the customer phone and name when known', async () => {
    await supplier().buyElectricity({
      reference: 'R4',
      discoId: 18,
      meterNumber: '45012345678',
      meterType: 'postpaid',
      amountKobo: 100_000,
      phone: '08031234567',
      customerName: 'OKAFOR EMEKA',
    });
    expect(seen[0]!.body).toMatchObject({
      Customer_Phone: '08031234567',
      customer_name: 'OKAFOR EMEKA',
    });
  });

  it.each<[PurchaseKind, string | null, string]>([
    ['data', '77', '/api/data/77'],
    ['airtime', '78', '/api/topup/78'],
    ['electricity', '79', '/api/billpayment/79'],
    ['data', null, '/api/data/VND%2F1'],
  ])(
    're-queries %s by the supplier id, else our reference (%s)',
    async (kind, supplierRef, url) => {
      await supplier().query(kind, { supplierRef, reference: 'VND/1' });
      expect(seen[0]).toMatchObject({ method: 'GET', url, auth: 'Token live-key' });
    },
  );
});

describe('Husmodata adapter: classifying an order answer', () => {
  it.each<[string, Canned, SupplierResult['outcome']]>([
    ['200 successful', json(200, { id: 5, Status: 'successful' }), 'success'],
    ['201 SUCCESSFUL (any case)', json(201, { id: 5, Status: 'SUCCESSFUL' }), 'success'],
    ['lower-case status key', json(200, { id: 5, status: 'successful' }), 'success'],
    [
      '200 failed',
      json(200, { id: 5, Status: 'failed', api_response: 'Number not on network' }),
      'failed',
    ],
    ['201 Failed', json(201, { id: 5, Status: 'Failed' }), 'failed'],
    ['200 processing', json(200, { id: 5, Status: 'processing' }), 'pending'],
    ['200 pending', json(200, { id: 5, Status: 'pending' }), 'pending'],
    // The supplier took the order and gave the money back: reversed, never success or pending.
    ['200 refunded', json(200, { id: 5, Status: 'refunded' }), 'reversed'],
    ['200 Reversed', json(200, { id: 5, Status: 'Reversed' }), 'reversed'],
    ['200 success (not the documented word)', json(200, { id: 5, Status: 'success' }), 'pending'],
    ['200 without Status', json(200, { id: 5 }), 'pending'],
    ['200 with a non-string Status', json(200, { id: 5, Status: true }), 'pending'],
    ['200 HTML', html(200, '<html><body>OK</body></html>'), 'pending'],
    ['200 malformed JSON', { status: 200, body: '{"id": 5, "Status": "successful"' }, 'pending'],
    ['200 JSON array', json(200, [{ Status: 'successful' }]), 'pending'],
    ['200 empty body', { status: 200, body: '' }, 'pending'],
    [
      '400 Django field errors',
      json(400, { mobile_number: ['Enter a valid phone number.'] }),
      'failed',
    ],
    ['400 invalid plan', json(400, { error: ['Invalid plan id'] }), 'failed'],
    [
      '400 Status failed',
      json(400, { Status: 'failed', api_response: 'Invalid number' }),
      'failed',
    ],
    ['400 Status processing (contradiction)', json(400, { Status: 'processing' }), 'pending'],
    ['400 HTML', html(400, '<html><body>Bad Request</body></html>'), 'pending'],
    ['404', json(404, { detail: 'Not found.' }), 'pending'],
    ['429', json(429, { detail: 'Request was throttled.' }), 'pending'],
    ['500 JSON', json(500, { Status: 'failed' }), 'pending'],
    ['500 HTML', html(500), 'pending'],
    ['502 HTML', html(502, '<html><body>Bad Gateway</body></html>'), 'pending'],
    ['503 empty', { status: 503, body: '' }, 'pending'],
  ])('%s → %s', async (_name, reply, outcome) => {
    canned = reply;
    const result = await buyData();
    expectOutcome(result, outcome);
    expect(result.insufficientFloat).toBeUndefined();
    expect(result.raw).toBe(reply.body);
  });

  it('keeps the supplier id, its message and the raw body', async () => {
    canned = json(200, {
      id: 4521,
      Status: 'successful',
      api_response: 'You gifted 1GB to 08091234567',
    });
    const result = await buyData();
    expect(result).toEqual({
      outcome: 'success',
      supplierRef: '4521',
      message: 'You gifted 1GB to 08091234567',
      raw: canned.body,
    });
  });

  it('accepts a string id and has no supplierRef without one', async () => {
    canned = json(200, { id: 'abc-9', Status: 'failed' });
    expect((await buyData()).supplierRef).toBe('abc-9');
    canned = json(200, { Status: 'failed' });
    expect((await buyData()).supplierRef).toBeNull();
    canned = json(200, { id: null, Status: 'failed' });
    expect((await buyData()).supplierRef).toBeNull();
  });

  it('truncates the raw body to 2,000 characters', async () => {
    canned = json(200, { id: 1, Status: 'processing', api_response: 'x'.repeat(5000) });
    const result = await buyData();
    expect(result.raw).toHaveLength(2000);
    expect(result.raw).toBe(canned.body.slice(0, 2000));
    expect(result.message.length).toBeLessThanOrEqual(300);
  });

  const INSUFFICIENT = 'Dear Customer, your balance is insufficient to complete this transaction';
  it.each<[string, Canned]>([
    ['api_response, 200 failed', json(200, { Status: 'failed', api_response: INSUFFICIENT })],
    ['api_response, 200 without Status', json(200, { api_response: INSUFFICIENT })],
    ['error array, 400', json(400, { error: [INSUFFICIENT] })],
    ['detail, 400', json(400, { detail: INSUFFICIENT })],
    [
      'message, 200 processing',
      json(200, { Status: 'processing', message: INSUFFICIENT.toUpperCase() }),
    ],
    ['plain text, 400', { status: 400, body: INSUFFICIENT, type: 'text/plain' }],
    ['inside HTML, 200', html(200, `<html><body><p>${INSUFFICIENT}</p></body></html>`)],
  ])('insufficient supplier balance in %s → failed + insufficientFloat', async (_name, reply) => {
    canned = reply;
    const result = await buyData();
    expectOutcome(result, 'failed');
    expect(result.insufficientFloat).toBe(true);
  });

  it('an explicit success wins over the insufficient-balance words elsewhere in the body', async () => {
    canned = json(200, {
      Status: 'successful',
      note: 'Dear Customer, your balance is insufficient for a second one',
    });
    const result = await buyData();
    expectOutcome(result, 'success');
    expect(result.insufficientFloat).toBeUndefined();
  });

  it.each([401, 403])('%i (our key refused) → failed: the order was not placed', async (status) => {
    canned = json(status, { detail: 'Invalid token.' });
    const result = await buyData();
    expect(result).toMatchObject({
      outcome: 'failed',
      message: 'Supplier rejected our credentials',
    });
  });

  it('a timeout → pending', async () => {
    canned = { ...json(200, { id: 1, Status: 'successful' }), delayMs: 1000 };
    const started = Date.now();
    const result = await buyData(supplier({ timeoutMs: 200 }));
    expect(Date.now() - started).toBeLessThan(900);
    expect(result).toEqual({
      outcome: 'pending',
      supplierRef: null,
      message: 'No answer from GLAD within 200 ms',
      raw: '',
    });
  });

  it('a refused connection → pending', async () => {
    const closed = express().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await buyData(supplier({ baseUrl: `http://127.0.0.1:${port}` }));
    expect(result.outcome).toBe('pending');
    expect(result.message).toMatch(/^Could not reach GLAD: /);
  });

  it('a redirect is not followed (a POST must not turn into a GET) → pending', async () => {
    canned = { status: 301, body: '', type: 'text/plain' };
    const app = express();
    app.use((_req, res) => res.redirect(301, `${baseUrl}/elsewhere`));
    const redirecting = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => redirecting.once('listening', resolve));
    const port = (redirecting.address() as AddressInfo).port;
    const result = await buyData(supplier({ baseUrl: `http://127.0.0.1:${port}` }));
    await new Promise((resolve) => redirecting.close(resolve));
    expect(result.outcome).toBe('pending');
    expect(seen).toHaveLength(0);
  });

  it('an injected fetch that throws → pending', async () => {
    const result = await buyData(
      supplier({ fetchImpl: () => Promise.reject(new TypeError('fetch failed')) }),
    );
    expect(result).toMatchObject({
      outcome: 'pending',
      message: 'Could not reach GLAD: fetch failed',
    });
  });
});

describe('Husmodata adapter: an order the supplier already holds under our request id', () => {
  it.each<[string, Canned]>([
    ['400 error list', json(400, { error: ['Request ID exists'] })],
    ['400 detail', json(400, { detail: 'request_id already exists' })],
    [
      '400 DRF unique field error on request_id',
      json(400, { request_id: ['transaction with this request id already exists.'] }),
    ],
    ['400 Status failed', json(400, { Status: 'failed', api_response: 'Duplicate request id' })],
    ['200 Status failed', json(200, { Status: 'failed', api_response: 'Request Id Exists' })],
    [
      'VTpass code 014',
      json(200, { code: '014', response_description: 'REQUEST ID ALREADY EXIST' }),
    ],
    ['plain text 400', { status: 400, body: 'request id exists', type: 'text/plain' }],
  ])('%s → pending + duplicateRequest, never failed', async (_name, reply) => {
    canned = reply;
    const result = await buyData();
    expect(result).toMatchObject({ outcome: 'pending', duplicateRequest: true });
    expect(result.message).toMatch(/^GLAD already has an order under our request id/);
  });

  it.each<[string, Canned]>([
    ['an unknown request id', json(400, { error: ['Request ID does not exist'] })],
    ['a required request id', json(400, { request_id: ['This field is required.'] })],
    [
      'a duplicate purchase (not the id)',
      json(400, { error: ['Duplicate transaction, wait 5 minutes'] }),
    ],
    ['an HTML page', html(400, '<html><body>request id exists</body></html>')],
  ])('%s is not a duplicate request id', async (_name, reply) => {
    canned = reply;
    expect((await buyData()).duplicateRequest).toBeUndefined();
  });

  it('a re-query is never a duplicate (it places nothing)', async () => {
    canned = json(400, { error: ['Request ID exists'] });
    const result = await supplier().query('data', { supplierRef: null, reference: 'VND-REF-1' });
    expect(result.outcome).toBe('pending');
    expect(result.duplicateRequest).toBeUndefined();
  });
});

describe('Husmodata adapter: what an answer names (answered)', () => {
  it('reports request id, phone, plan, network (by our configured id) and balances of a data answer', async () => {
    canned = json(201, {
      id: 9,
      Status: 'successful',
      request_id: 'VND-REF-1',
      mobile_number: '08091234567',
      network: 6,
      plan: 41,
      plan_amount: '300.00',
      balance_before: '5,000.00',
      balance_after: '4700',
    });
    expect((await buyData()).answered).toEqual({
      reference: 'VND-REF-1',
      phone: '08091234567',
      network: '9MOBILE',
      planId: '41',
      balanceBeforeKobo: 500_000,
      balanceAfterKobo: 470_000,
    });
  });

  it('reports the amount of airtime and electricity answers, numbers or text, in kobo', async () => {
    const airtime = () =>
      supplier().buyAirtime({
        reference: 'R2',
        network: 'MTN',
        phone: '08031234567',
        amountKobo: 10_000,
        ported: false,
      });
    for (const [amount, kobo] of [
      ['100.00', 10_000],
      [100, 10_000],
      ['₦1,500.50', 150_050],
      ['0', 0],
      ['a lot', null],
    ] as const) {
      canned = json(200, { Status: 'successful', mobile_number: '2348031234567', amount });
      expect((await airtime()).answered).toEqual({ phone: '2348031234567', amountKobo: kobo });
    }
    canned = json(200, {
      Status: 'successful',
      meter_number: '45012345678',
      disco_id: 20,
      amount: '1000.00',
    });
    const electricity = await supplier().buyElectricity({
      reference: 'E1',
      discoId: 20,
      meterNumber: '45012345678',
      meterType: 'prepaid',
      amountKobo: 100_000,
      phone: null,
      customerName: null,
    });
    expect(electricity.answered).toEqual({
      meterNumber: '45012345678',
      discoId: '20',
      amountKobo: 100_000,
    });
  });

  it('leaves out error lists, unknown networks, one balance without the other, and non-2xx answers', async () => {
    canned = json(200, {
      Status: 'failed',
      mobile_number: ['Enter a valid phone number.'],
      network: 'NO-SUCH-NET',
      balance_before: '10.00',
    });
    expect((await buyData()).answered).toBeUndefined();
    canned = json(400, { mobile_number: '08091234567', request_id: 'VND-REF-1' });
    expect((await buyData()).answered).toBeUndefined();
  });

  it('re-query answers name the order too', async () => {
    canned = json(200, { id: 5, Status: 'reversed', mobile_number: '08091234567' });
    const result = await supplier().query('data', { supplierRef: '5', reference: 'VND-REF-1' });
    expect(result).toMatchObject({ outcome: 'reversed', answered: { phone: '08091234567' } });
  });
});

describe('Husmodata adapter: electricity tokens', () => {
  const buy = () =>
    supplier().buyElectricity({
      reference: 'E1',
      discoId: 20,
      meterNumber: '45012345678',
      meterType: 'prepaid',
      amountKobo: 100_000,
      phone: null,
      customerName: null,
    });

  it.each([
    ['Token : 1234-5678-9012-3456-7890', '1234-5678-9012-3456-7890'],
    ['Token: 12345678901234567890', '12345678901234567890'],
    ['token :12345678901234567890', '12345678901234567890'],
    ['12345678901234567890', '12345678901234567890'],
  ])('strips the prefix of %j', async (token, expected) => {
    canned = json(200, { id: 3, Status: 'successful', token });
    const result = await buy();
    expectOutcome(result, 'success');
    expect(result.token).toBe(expected);
  });

  it('a success without a token has no token field', async () => {
    canned = json(200, { id: 3, Status: 'successful', token: null });
    expect(await buy()).not.toHaveProperty('token');
  });

  it('re-query of a successful electricity order carries the token too', async () => {
    canned = json(200, { id: 3, Status: 'successful', token: 'Token : 11112222333344445555' });
    const result = await supplier().query('electricity', { supplierRef: '3', reference: 'E1' });
    expect(result).toMatchObject({
      outcome: 'success',
      token: '11112222333344445555',
      supplierRef: '3',
    });
  });
});

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
    canned = reply;
    expectOutcome(await query(), outcome);
  });

  it("only DRF's own 404 says the supplier has no such order (notFound); any other 404 says nothing", async () => {
    canned = json(404, { detail: 'Not found.' });
    expect(await query()).toMatchObject({ outcome: 'pending', notFound: true });
    for (const reply of [
      html(404, '<html><body>nginx 404</body></html>'),
      json(404, { detail: 'Page not found at /api/v9/' }),
      json(404, { error: 'Not found.' }),
      json(500, { detail: 'Not found.' }),
    ]) {
      canned = reply;
      const result = await query();
      expect(result.outcome).toBe('pending');
      expect(result.notFound).toBeUndefined();
    }
  });

  it('a failed order whose answer says insufficient balance → failed + insufficientFloat', async () => {
    canned = json(200, {
      id: 5,
      Status: 'failed',
      api_response: 'Dear Customer, your balance is insufficient',
    });
    expect(await query()).toMatchObject({ outcome: 'failed', insufficientFloat: true });
  });

  it('a timeout → pending', async () => {
    canned = { ...json(200, { Status: 'successful' }), delayMs: 1000 };
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
      canned = json(200, body);
      expect(await supplier().balance()).toEqual({ balanceKobo: kobo });
    }
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/user/', auth: 'Token live-key' });
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
      canned = reply;
      expect(await supplier().balance({ timeoutMs: 100 })).toEqual({ error });
    }
  });
});

describe('Husmodata adapter: meter validation', () => {
  const validate = (s = supplier()) =>
    s.validateMeter({ discoId: 20, meterNumber: '45012345678', meterType: 'prepaid' });

  it('asks with disco, meter type and number in the query string', async () => {
    canned = json(200, { invalid: false, name: 'OKAFOR EMEKA', address: '12 Allen Avenue, Ikeja' });
    expect(await validate()).toEqual({
      valid: true,
      name: 'OKAFOR EMEKA',
      address: '12 Allen Avenue, Ikeja',
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/v2/validatemeter/?disco_id=20&meter_type=prepaid&meter_number=45012345678',
      auth: 'Token live-key',
    });
  });

  it('an invalid meter is a definite answer, not an error', async () => {
    canned = json(200, { invalid: true, name: 'INVALID METER NUMBER' });
    expect(await validate()).toEqual({ valid: false, name: 'INVALID METER NUMBER', address: null });
  });

  it('tolerates "true"/"false" strings and a missing address', async () => {
    canned = json(200, { invalid: 'false', name: 'BELLO AISHA' });
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
    canned = reply;
    await expectProviderError(validate());
  });

  it('a timeout or network failure throws', async () => {
    canned = { ...json(200, { invalid: false, name: 'X' }), delayMs: 1000 };
    await expectProviderError(validate(supplier({ timeoutMs: 150 })));
    await expectProviderError(
      validate(supplier({ fetchImpl: () => Promise.reject(new TypeError('fetch failed')) })),
    );
  });
});

describe('supplier settings and registry', () => {
  it('defaults: sandbox (no base URL), sandbox keys, 15 s timeout, GLAD network ids', () => {
    const settings = loadSupplierSettings({});
    for (const name of ['ALARO', 'GLAD'] as const) {
      expect(settings[name]).toEqual({
        baseUrl: null,
        apiKey: SANDBOX_SUPPLIER_KEYS[name],
        timeoutMs: 15_000,
        networkIds: {
          data: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 },
          airtime: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 4 },
        },
      });
    }
  });

  it('reads URLs, keys, timeout and merges network ids over the defaults', () => {
    const settings = loadSupplierSettings({
      ALARO_BASE_URL: 'https://alaro.example/',
      ALARO_API_KEY: 'a-key',
      GLAD_BASE_URL: 'https://www.gladtidingsdata.com',
      GLAD_API_KEY: ' g-key ',
      SUPPLIER_TIMEOUT_MS: '8000',
      SUPPLIER_NETWORK_IDS: JSON.stringify({
        ALARO: { data: { MTN: 'MTN' }, airtime: { AIRTEL: 4, '9MOBILE': 3 } },
      }),
    });
    expect(settings.ALARO).toEqual({
      baseUrl: 'https://alaro.example',
      apiKey: 'a-key',
      timeoutMs: 8000,
      networkIds: {
        data: { MTN: 'MTN', GLO: 2, AIRTEL: 3, '9MOBILE': 6 },
        airtime: { MTN: 1, GLO: 2, AIRTEL: 4, '9MOBILE': 3 },
      },
    });
    expect(settings.GLAD).toMatchObject({
      baseUrl: 'https://www.gladtidingsdata.com',
      apiKey: 'g-key',
    });
    expect(settings.GLAD.networkIds).toEqual(DEFAULT_SUPPLIER_NETWORK_IDS.GLAD);
    // The defaults themselves are never mutated by a merge.
    expect(DEFAULT_SUPPLIER_NETWORK_IDS.ALARO.data.MTN).toBe(1);
  });

  it.each([
    [{ SUPPLIER_NETWORK_IDS: '{not json' }, /not valid JSON/],
    [{ SUPPLIER_NETWORK_IDS: '{"ACME":{}}' }, /SUPPLIER_NETWORK_IDS is invalid/],
    [
      { SUPPLIER_NETWORK_IDS: '{"GLAD":{"data":{"VISAFONE":7}}}' },
      /SUPPLIER_NETWORK_IDS is invalid/,
    ],
    [{ SUPPLIER_NETWORK_IDS: '{"GLAD":{"data":{"MTN":1.5}}}' }, /SUPPLIER_NETWORK_IDS is invalid/],
    [{ SUPPLIER_TIMEOUT_MS: 'soon' }, /SUPPLIER_TIMEOUT_MS/],
    [{ SUPPLIER_TIMEOUT_MS: '0' }, /SUPPLIER_TIMEOUT_MS/],
    [{ GLAD_BASE_URL: 'glad.example' }, /GLAD_BASE_URL is not a valid URL/],
    [{ ALARO_BASE_URL: 'ftp://alaro.example' }, /ALARO_BASE_URL must be an http/],
  ])('refuses a bad setting %j', (env, message) => {
    expect(() => loadSupplierSettings(env)).toThrow(message);
  });

  it('points a supplier without a base URL at the sandbox under the app URL', async () => {
    expect(sandboxSupplierUrl('http://127.0.0.1:3000/', 'ALARO')).toBe(
      'http://127.0.0.1:3000/sandbox/suppliers/alaro',
    );
    const registry = createSupplierRegistry({
      settings: loadSupplierSettings({ ALARO_BASE_URL: baseUrl, ALARO_API_KEY: 'live-alaro' }),
      sandboxBaseUrl: baseUrl,
    });
    expect(registry.get('ALARO').name).toBe('ALARO');
    expect(registry.isSandbox('ALARO')).toBe(false);
    expect(registry.isSandbox('GLAD')).toBe(true);
    await registry.get('ALARO').buyData(dataOrder);
    await registry.get('GLAD').buyData(dataOrder);
    expect(seen.map((s) => [s.url, s.auth])).toEqual([
      ['/api/data/', 'Token live-alaro'],
      ['/sandbox/suppliers/glad/api/data/', 'Token sandbox-glad-key'],
    ]);
  });
});
