import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import type { SupplierResult } from './port.ts';
import {
  type Canned,
  cannedSupplier,
  dataOrder,
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
const buyData = (s = supplier()) => s.buyData(dataOrder);

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
    wire.canned = reply;
    const result = await buyData();
    expectOutcome(result, outcome);
    expect(result.insufficientFloat).toBeUndefined();
    expect(result.raw).toBe(reply.body);
  });

  it('keeps the supplier id, its message and the raw body', async () => {
    wire.canned = json(200, {
      id: 4521,
      Status: 'successful',
      api_response: 'You gifted 1GB to 08091234567',
    });
    const result = await buyData();
    expect(result).toEqual({
      outcome: 'success',
      supplierRef: '4521',
      message: 'You gifted 1GB to 08091234567',
      raw: wire.canned.body,
    });
  });

  it('accepts a string id and has no supplierRef without one', async () => {
    wire.canned = json(200, { id: 'abc-9', Status: 'failed' });
    expect((await buyData()).supplierRef).toBe('abc-9');
    wire.canned = json(200, { Status: 'failed' });
    expect((await buyData()).supplierRef).toBeNull();
    wire.canned = json(200, { id: null, Status: 'failed' });
    expect((await buyData()).supplierRef).toBeNull();
  });

  it('truncates the raw body to 2,000 characters', async () => {
    wire.canned = json(200, { id: 1, Status: 'processing', api_response: 'x'.repeat(5000) });
    const result = await buyData();
    expect(result.raw).toHaveLength(2000);
    expect(result.raw).toBe(wire.canned.body.slice(0, 2000));
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
    wire.canned = reply;
    const result = await buyData();
    expectOutcome(result, 'failed');
    expect(result.insufficientFloat).toBe(true);
  });

  it('an explicit success wins over the insufficient-balance words elsewhere in the body', async () => {
    wire.canned = json(200, {
      Status: 'successful',
      note: 'Dear Customer, your balance is insufficient for a second one',
    });
    const result = await buyData();
    expectOutcome(result, 'success');
    expect(result.insufficientFloat).toBeUndefined();
  });

  it.each([401, 403])('%i (our key refused) → failed: the order was not placed', async (status) => {
    wire.canned = json(status, { detail: 'Invalid token.' });
    const result = await buyData();
    expect(result).toMatchObject({
      outcome: 'failed',
      message: 'Supplier rejected our credentials',
    });
  });

  it('a timeout → pending', async () => {
    wire.canned = { ...json(200, { id: 1, Status: 'successful' }), delayMs: 1000 };
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
    wire.canned = { status: 301, body: '', type: 'text/plain' };
    const app = express();
    app.use((_req, res) => res.redirect(301, `${wire.baseUrl}/elsewhere`));
    const redirecting = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => redirecting.once('listening', resolve));
    const port = (redirecting.address() as AddressInfo).port;
    const result = await buyData(supplier({ baseUrl: `http://127.0.0.1:${port}` }));
    await new Promise((resolve) => redirecting.close(resolve));
    expect(result.outcome).toBe('pending');
    expect(wire.seen).toHaveLength(0);
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

describe('Husmodata adapter: what an answer names (answered)', () => {
  it('reports request id, phone, plan, network (by our configured id) and balances of a data answer', async () => {
    wire.canned = json(201, {
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
      wire.canned = json(200, { Status: 'successful', mobile_number: '2348031234567', amount });
      expect((await airtime()).answered).toEqual({ phone: '2348031234567', amountKobo: kobo });
    }
    wire.canned = json(200, {
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
    wire.canned = json(200, {
      Status: 'failed',
      mobile_number: ['Enter a valid phone number.'],
      network: 'NO-SUCH-NET',
      balance_before: '10.00',
    });
    expect((await buyData()).answered).toBeUndefined();
    wire.canned = json(400, { mobile_number: '08091234567', request_id: 'VND-REF-1' });
    expect((await buyData()).answered).toBeUndefined();
  });

  it('re-query answers name the order too', async () => {
    wire.canned = json(200, { id: 5, Status: 'reversed', mobile_number: '08091234567' });
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
    wire.canned = json(200, { id: 3, Status: 'successful', token });
    const result = await buy();
    expectOutcome(result, 'success');
    expect(result.token).toBe(expected);
  });

  it('a success without a token has no token field', async () => {
    wire.canned = json(200, { id: 3, Status: 'successful', token: null });
    expect(await buy()).not.toHaveProperty('token');
  });

  it('re-query of a successful electricity order carries the token too', async () => {
    wire.canned = json(200, { id: 3, Status: 'successful', token: 'Token : 11112222333344445555' });
    const result = await supplier().query('electricity', { supplierRef: '3', reference: 'E1' });
    expect(result).toMatchObject({
      outcome: 'success',
      token: '11112222333344445555',
      supplierRef: '3',
    });
  });
});
