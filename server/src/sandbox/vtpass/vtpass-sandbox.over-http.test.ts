import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { BillsOrder } from '../../providers/bills/port.ts';
import { adapterFor, expectOutcome } from '../../providers/bills/vtpass.test-helpers.ts';
import { useSandboxVtpass } from './vtpass-sandbox.test-helpers.ts';

/** The VTpass adapter against the sandbox VTpass over real HTTP, on a real database. */
const sandbox = useSandboxVtpass();

let seq = 0;
/** A ten-digit number ending in the given four digits, unique per test. */
const numberEnding = (four: string) => {
  seq += 1;
  return `70${String(seq).padStart(4, '0')}${four}`;
};
const dstv = (smartcard: string, more: Partial<BillsOrder> = {}): BillsOrder => ({
  requestId: sandbox.vtpass.newRequestId(),
  serviceId: 'dstv',
  billersCode: smartcard,
  variationCode: 'dstv-padi',
  amountKobo: 440_000,
  phone: '08031234567',
  subscriptionType: 'change',
  ...more,
});

describe('VTpass adapter against the sandbox: variations and verification', () => {
  it('lists each service’s variations in kobo', async () => {
    const dstvList = await sandbox.vtpass.variations('dstv');
    expect(dstvList.map((v) => v.code)).toEqual([
      'dstv-padi',
      'dstv-yanga',
      'dstv-confam',
      'dstv-compact',
      'dstv-compact-plus',
      'dstv-premium',
    ]);
    expect(dstvList.find((v) => v.code === 'dstv-compact')).toMatchObject({
      amountKobo: 1_900_000,
      fixedPrice: true,
    });
    const jamb = await sandbox.vtpass.variations('jamb');
    expect(jamb.map((v) => [v.code, v.amountKobo])).toEqual([
      ['utme', 770_000],
      ['de', 620_000],
    ]);
    expect((await sandbox.vtpass.variations('waec'))[0]).toMatchObject({ amountKobo: 390_000 });
  });

  it('verifies the documented DStv smartcard with its bouquet and renewal amount', async () => {
    const customer = await sandbox.vtpass.verify({ serviceId: 'dstv', billersCode: '1212121212' });
    expect(customer).toMatchObject({
      valid: true,
      name: 'TEST SMARTCARD',
      currentBouquetCode: 'dstv-compact',
      renewalAmountKobo: 1_900_000,
    });
  });

  it('verifies a JAMB profile id with the candidate’s name', async () => {
    const candidate = await sandbox.vtpass.verify({
      serviceId: 'jamb',
      billersCode: '0123456789',
      type: 'utme',
    });
    expect(candidate).toEqual({ valid: true, name: 'TEST CANDIDATE' });
  });

  it('fails verification for numbers ending 0000', async () => {
    const card = await sandbox.vtpass.verify({ serviceId: 'gotv', billersCode: '7012340000' });
    expect(card.valid).toBe(false);
    const profile = await sandbox.vtpass.verify({ serviceId: 'jamb', billersCode: '8812340000' });
    expect(profile).toMatchObject({ valid: false, message: expect.stringMatching(/Profile ID/) });
  });

  it('gives a provider error (nothing charged) where a service has no verification', async () => {
    const verify = sandbox.vtpass.verify({ serviceId: 'showmax', billersCode: '08031234567' });
    await expect(verify).rejects.toBeInstanceOf(AppError);
    await expect(verify).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
  });

  it('refuses wrong keys: verification unavailable, an order failed (087, never placed)', async () => {
    const wrong = adapterFor(sandbox.baseUrl, { secretKey: 'SK_wrong', publicKey: 'PK_wrong' });
    await expect(wrong.variations('dstv')).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
    const order = dstv(numberEnding('5678'));
    const result = await wrong.pay(order);
    expectOutcome(result, 'failed');
    expect(result.code).toBe('087');
    // Never placed: the right keys find nothing under that request id.
    expect((await sandbox.vtpass.requery(order.requestId)).code).toBe('015');
  });
});

describe('VTpass adapter against the sandbox: pay and re-query', () => {
  it('delivers a bouquet change at once and re-queries it the same', async () => {
    const order = dstv(numberEnding('4321'));
    const result = await sandbox.vtpass.pay(order);
    expectOutcome(result, 'delivered');
    expect(result.code).toBe('000');
    expect(result.supplierRef).toMatch(/^\d{24}$/);
    expect(result.answered).toMatchObject({ requestId: order.requestId, amountKobo: 440_000 });
    const again = await sandbox.vtpass.requery(order.requestId);
    expectOutcome(again, 'delivered');
    expect(again.supplierRef).toBe(result.supplierRef);
  });

  it('charges a renewal the verified renewal amount, whatever amount is sent', async () => {
    const result = await sandbox.vtpass.pay(
      dstv('1212121212', { subscriptionType: 'renew', variationCode: undefined, amountKobo: 100 }),
    );
    expectOutcome(result, 'delivered');
    expect(result.answered?.amountKobo).toBe(1_900_000);
  });

  it('delivers WAEC PINs with serials, as many as asked, and the same on re-query', async () => {
    const order: BillsOrder = {
      requestId: sandbox.vtpass.newRequestId(),
      serviceId: 'waec',
      billersCode: '08031239876',
      variationCode: 'waecdirect',
      amountKobo: 390_000,
      phone: '08031239876',
      quantity: 3,
    };
    const result = await sandbox.vtpass.pay(order);
    expectOutcome(result, 'delivered');
    expect(result.pins).toHaveLength(3);
    for (const pin of result.pins!) {
      expect(pin.pin).toMatch(/^\d{12}$/);
      expect(pin.serial).toMatch(/^WRN\d{9}$/);
    }
    expect(result.purchasedCode).toContain(result.pins![2]!.pin);
    expect(result.answered).toMatchObject({ amountKobo: 1_170_000, quantity: 3 });
    expect((await sandbox.vtpass.requery(order.requestId)).pins).toEqual(result.pins);
  });

  it('delivers one JAMB PIN for a profile id', async () => {
    const result = await sandbox.vtpass.pay({
      requestId: sandbox.vtpass.newRequestId(),
      serviceId: 'jamb',
      billersCode: '0123456789',
      variationCode: 'utme',
      amountKobo: 770_000,
      phone: '08031234567',
    });
    expectOutcome(result, 'delivered');
    expect(result.pins).toEqual([{ pin: expect.stringMatching(/^\d{16}$/) }]);
    expect(result.purchasedCode).toBe(`Pin : ${result.pins![0]!.pin}`);
  });

  it('refuses more than ten PINs (032): failed, nothing placed', async () => {
    const result = await sandbox.vtpass.pay({
      requestId: sandbox.vtpass.newRequestId(),
      serviceId: 'neco',
      billersCode: '08031234567',
      variationCode: 'neco',
      amountKobo: 140_000,
      phone: '08031234567',
      quantity: 11,
    });
    expectOutcome(result, 'failed');
    expect(result.code).toBe('032');
  });

  it('0000: the payment fails (016)', async () => {
    const result = await sandbox.vtpass.pay(dstv(numberEnding('0000')));
    expectOutcome(result, 'failed');
    expect(result.code).toBe('016');
  });

  it('1111: processing (099), then delivered on re-query', async () => {
    const order = dstv(numberEnding('1111'));
    const first = await sandbox.vtpass.pay(order);
    expectOutcome(first, 'pending');
    expect(first.code).toBe('099');
    expectOutcome(await sandbox.vtpass.requery(order.requestId), 'delivered');
    expectOutcome(await sandbox.vtpass.requery(order.requestId), 'delivered');
  });

  it('keeps its orders in the database: another process re-queries and refuses a reused id', async () => {
    const order = dstv(numberEnding('1111'));
    expectOutcome(await sandbox.vtpass.pay(order), 'pending');
    const other = await sandbox.otherProcess();
    expectOutcome(await other.requery(order.requestId), 'delivered');
    expect((await other.pay(order)).code).toBe('014');
  });

  it('2222: pending (000, status pending), then failed (016) on re-query', async () => {
    const order: BillsOrder = {
      requestId: sandbox.vtpass.newRequestId(),
      serviceId: 'showmax',
      billersCode: '08031232222',
      variationCode: 'full',
      amountKobo: 700_000,
      phone: '08031232222',
    };
    const first = await sandbox.vtpass.pay(order);
    expectOutcome(first, 'pending');
    expect(first.code).toBe('000');
    const settled = await sandbox.vtpass.requery(order.requestId);
    expectOutcome(settled, 'failed');
    expect(settled.code).toBe('016');
  });

  it('a reused request id is 014: pending + duplicateRequest, the first order untouched', async () => {
    const order = dstv(numberEnding('9876'));
    const first = await sandbox.vtpass.pay(order);
    const again = await sandbox.vtpass.pay({ ...order, billersCode: numberEnding('0000') });
    expectOutcome(again, 'pending');
    expect(again).toMatchObject({ code: '014', duplicateRequest: true });
    const requery = await sandbox.vtpass.requery(order.requestId);
    expectOutcome(requery, 'delivered');
    expect(requery.supplierRef).toBe(first.supplierRef);
  });

  it('an unknown request id is 015 on re-query: pending + notFound', async () => {
    const result = await sandbox.vtpass.requery(sandbox.vtpass.newRequestId());
    expectOutcome(result, 'pending');
    expect(result).toMatchObject({ code: '015', notFound: true });
  });

  it('a request id not starting with the Lagos date and time is 085: failed, never placed', async () => {
    const result = await sandbox.vtpass.pay(
      dstv(numberEnding('4567'), { requestId: 'VND-123456789' }),
    );
    expectOutcome(result, 'failed');
    expect(result.code).toBe('085');
    const stale = await sandbox.vtpass.pay(
      dstv(numberEnding('4568'), { requestId: '202001010000abcdef' }),
    );
    expect(stale.code).toBe('085');
  });
});
