import { describe, expect, it } from 'vitest';
import type { BillsOrder } from './port.ts';
import { lagosStamp, vtpassRequestId } from './vtpass.ts';
import { adapterFor, expectOutcome, json, useCannedVtpass } from './vtpass.test-helpers.ts';

/**
 * The VTpass adapter against a canned server over real HTTP: what it sends, and how it maps the
 * answers the sandbox never gives (docs/suppliers-vtpass.md, "Response codes").
 */
const wire = useCannedVtpass();
const vtpass = () => adapterFor(wire.baseUrl, { timeoutMs: 400 });

const order: BillsOrder = {
  requestId: '202611270705abcdef123456',
  serviceId: 'gotv',
  billersCode: '7012345678',
  variationCode: 'gotv-max',
  amountKobo: 850_000,
  phone: '08031234567',
  subscriptionType: 'change',
};
const transaction = (status: string, more: Record<string, unknown> = {}) => ({
  code: '000',
  response_description: 'TRANSACTION SUCCESSFUL',
  requestId: order.requestId,
  content: {
    transactions: {
      status,
      unique_element: order.billersCode,
      total_amount: 8500,
      transactionId: '17645000000000000001',
    },
  },
  ...more,
});

describe('VTpass request ids', () => {
  it('start with the Lagos date and time (UTC+1, no daylight saving)', () => {
    expect(lagosStamp(new Date('2026-12-31T23:30:00Z'))).toBe('202701010030');
    expect(lagosStamp(new Date('2026-07-01T10:05:00Z'))).toBe('202607011105');
    const id = vtpassRequestId(new Date('2026-03-05T08:09:00Z'));
    expect(id).toMatch(/^202603050909[0-9a-f]{12}$/);
    expect(vtpassRequestId()).not.toBe(vtpassRequestId());
  });
});

describe('what the VTpass adapter sends', () => {
  it('POSTs with api-key and secret-key, GETs with api-key and public-key', async () => {
    wire.canned = json(transaction('delivered'));
    await vtpass().pay({ ...order, quantity: 2 });
    const [pay] = wire.seen;
    expect(pay).toMatchObject({ method: 'POST', url: '/api/pay' });
    expect(pay!.headers).toMatchObject({
      'api-key': 'sandbox-vtpass-api-key',
      'secret-key': 'SK_sandbox_vtpass_secret',
    });
    expect(pay!.headers['public-key']).toBeUndefined();
    expect(pay!.body).toEqual({
      request_id: order.requestId,
      serviceID: 'gotv',
      billersCode: '7012345678',
      variation_code: 'gotv-max',
      amount: 8500,
      phone: '08031234567',
      subscription_type: 'change',
      quantity: 2,
    });
    wire.canned = json({ response_description: '000', content: { variations: [] } });
    await vtpass().variations('waec-registration');
    const get = wire.seen[1]!;
    expect(get.url).toBe('/api/service-variations?serviceID=waec-registration');
    expect(get.headers).toMatchObject({ 'public-key': 'PK_sandbox_vtpass_public' });
    expect(get.headers['secret-key']).toBeUndefined();
    wire.canned = json({ code: '015' });
    await vtpass().requery(order.requestId);
    expect(wire.seen[2]).toMatchObject({
      url: '/api/requery',
      body: { request_id: order.requestId },
    });
  });

  it('reads variations spelt `varations`, with prices as text', async () => {
    wire.canned = json({
      response_description: '000',
      content: {
        varations: [
          { variation_code: 'utme', name: 'UTME', variation_amount: '7700.00', fixedPrice: 'Yes' },
          { variation_code: 'odd', name: 'no price' },
        ],
      },
    });
    expect(await vtpass().variations('jamb')).toEqual([
      { code: 'utme', name: 'UTME', amountKobo: 770_000, fixedPrice: true },
    ]);
  });
});

describe('how the VTpass adapter maps answers', () => {
  const cases: [string, unknown, 'delivered' | 'pending' | 'failed' | 'reversed', object?][] = [
    ['000 delivered', transaction('delivered'), 'delivered'],
    ['000 initiated', transaction('initiated'), 'pending'],
    ['000 pending', transaction('pending'), 'pending'],
    ['000 reversed', transaction('reversed'), 'reversed'],
    ['000 without a status', { code: '000', content: {} }, 'pending'],
    [
      '099 processing',
      { code: '099', response_description: 'TRANSACTION IS PROCESSING' },
      'pending',
    ],
    ['016 failed', { code: '016', response_description: 'TRANSACTION FAILED' }, 'failed'],
    ['091 not processed', { code: '091' }, 'failed'],
    ['044 resolved', { code: '044' }, 'pending', { needsSupport: true }],
    ['018 low wallet', { code: '018' }, 'failed', { insufficientFloat: true }],
    ['019 likely duplicate', { code: '019' }, 'failed'],
    ['030 biller unreachable', { code: '030' }, 'pending'],
    ['083 system error', { code: '083' }, 'pending'],
    ['014 request id exists', { code: '014' }, 'pending', { duplicateRequest: true }],
    ['an unknown code', { code: '777', response_description: 'NEW THING' }, 'pending'],
    ['JSON without a code', { status: 'ok' }, 'pending'],
    ['a JSON array', [1, 2], 'pending'],
  ];
  it.each(cases)('pay answered %s', async (_name, body, outcome, more = {}) => {
    wire.canned = json(body);
    const result = await vtpass().pay(order);
    expectOutcome(result, outcome);
    expect(result).toMatchObject(more);
  });

  it('015 to an order is pending without notFound (only a re-query can say "never received")', async () => {
    wire.canned = json({ code: '015' });
    const result = await vtpass().pay(order);
    expectOutcome(result, 'pending');
    expect(result.notFound).toBeUndefined();
  });

  it('names what the answer says the order was', async () => {
    wire.canned = json(transaction('delivered'));
    const result = await vtpass().pay(order);
    expect(result.supplierRef).toBe('17645000000000000001');
    expect(result.answered).toEqual({
      requestId: order.requestId,
      billersCode: '7012345678',
      amountKobo: 850_000,
    });
  });

  it('an HTML 500 page is pending', async () => {
    wire.canned = { status: 500, body: '<html><h1>Server Error</h1></html>' };
    const result = await vtpass().pay(order);
    expectOutcome(result, 'pending');
    expect(result.code).toBeNull();
  });

  it('no answer within the timeout is pending, for pay and re-query', async () => {
    wire.canned = { ...json(transaction('delivered')), delayMs: 1000 };
    const paid = await vtpass().pay(order);
    expectOutcome(paid, 'pending');
    expect(paid.message).toMatch(/No answer from VTpass within 400 ms/);
    expectOutcome(await vtpass().requery(order.requestId), 'pending');
  });

  it('an unreachable VTpass is pending', async () => {
    const result = await adapterFor('http://127.0.0.1:1').pay(order);
    expectOutcome(result, 'pending');
    expect(result.message).toMatch(/Could not reach VTpass/);
  });

  it('a re-query refused (087, 018, 085) says nothing about the order: pending', async () => {
    for (const code of ['087', '018', '085', '010']) {
      wire.canned = json({ code });
      expectOutcome(await vtpass().requery(order.requestId), 'pending');
    }
  });

  it('a re-query that says failed, not processed or reversed settles the order', async () => {
    wire.canned = json({ code: '016' });
    expectOutcome(await vtpass().requery(order.requestId), 'failed');
    wire.canned = json(transaction('failed'));
    expectOutcome(await vtpass().requery(order.requestId), 'failed');
    wire.canned = json(transaction('reversed'));
    expectOutcome(await vtpass().requery(order.requestId), 'reversed');
  });
});

describe('PINs in a VTpass answer', () => {
  it('reads `cards`, `tokens`, `Pin`, or else the purchased_code text', async () => {
    const delivered = (more: Record<string, unknown>) => json(transaction('delivered', more));
    wire.canned = delivered({
      cards: [
        { Serial: 'WRN1', Pin: '111' },
        { Serial: 'WRN2', Pin: '222' },
      ],
    });
    expect((await vtpass().pay(order)).pins).toEqual([
      { serial: 'WRN1', pin: '111' },
      { serial: 'WRN2', pin: '222' },
    ]);
    wire.canned = delivered({ tokens: ['T-1', 'T-2'] });
    expect((await vtpass().pay(order)).pins).toEqual([{ pin: 'T-1' }, { pin: 'T-2' }]);
    wire.canned = delivered({ Pin: '3675746830507730' });
    expect((await vtpass().pay(order)).pins).toEqual([{ pin: '3675746830507730' }]);
    wire.canned = delivered({
      purchased_code: 'Serial No:WRN123, pin: 0998877 || Serial No:WRN124, pin: 0998878',
    });
    const parsed = await vtpass().pay(order);
    expect(parsed.pins).toEqual([
      { serial: 'WRN123', pin: '0998877' },
      { serial: 'WRN124', pin: '0998878' },
    ]);
    expect(parsed.purchasedCode).toMatch(/^Serial No:WRN123/);
    wire.canned = delivered({ purchased_code: '' });
    expect((await vtpass().pay(order)).pins).toBeUndefined();
  });
});

describe('verification answers', () => {
  it('a wrong number is invalid; an error code or no name is a provider error', async () => {
    wire.canned = json({
      code: '000',
      content: { error: 'Invalid Smartcard', WrongBillersCode: true },
    });
    expect(await vtpass().verify({ serviceId: 'dstv', billersCode: '1' })).toEqual({
      valid: false,
      message: 'Invalid Smartcard',
    });
    wire.canned = json({ code: '030' });
    await expect(vtpass().verify({ serviceId: 'dstv', billersCode: '1' })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
    });
    wire.canned = json({ code: '000', content: { Status: 'ACTIVE' } });
    await expect(vtpass().verify({ serviceId: 'dstv', billersCode: '1' })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
    });
  });
});
