import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { expectedOrderOf, localPhone, mismatchOf, type ExpectedOrder } from './answer-check.ts';

/** Whether a supplier's answer is about our order: the pure rules (decision 0026). */

const airtime: ExpectedOrder = {
  kind: 'airtime',
  reference: 'VND-1',
  phone: '08031234567',
  network: 'MTN',
  amountKobo: 10_000,
};
const data: ExpectedOrder = {
  kind: 'data',
  reference: 'VND-2',
  phone: '08031234567',
  network: 'MTN',
  planId: '7',
};
const electricity: ExpectedOrder = {
  kind: 'electricity',
  reference: 'VND-3',
  meterNumber: '45012345678',
  amountKobo: 500_000,
  discoId: '20',
};

describe('mismatchOf', () => {
  it('accepts the same phone however it is written, and the same amount as a number or text', () => {
    for (const phone of ['08031234567', '2348031234567', '+234 803 123 4567', '8031234567']) {
      expect(mismatchOf(airtime, 'success', { phone, amountKobo: 10_000 }), phone).toEqual([]);
    }
    expect(localPhone('+234-803-123-4567')).toBe('08031234567');
  });

  it('names every field of another order: ours and theirs', () => {
    expect(
      mismatchOf(airtime, 'success', {
        reference: 'VND-OTHER',
        phone: '08099994567',
        network: 'GLO',
        amountKobo: 100_000,
      }),
    ).toEqual([
      { field: 'reference', ours: 'VND-1', theirs: 'VND-OTHER' },
      { field: 'phone', ours: '08031234567', theirs: '08099994567' },
      { field: 'network', ours: 'MTN', theirs: 'GLO' },
      { field: 'amount', ours: '₦100.00', theirs: '₦1,000.00' },
    ]);
  });

  it('a "Successful" that names no phone and an amount of 0 is not a sale', () => {
    expect(mismatchOf(airtime, 'success', { amountKobo: 0 })).toEqual([
      { field: 'phone', ours: '08031234567', theirs: null },
      { field: 'amount', ours: '₦100.00', theirs: '₦0.00' },
    ]);
    // Nothing named at all: a success about nothing.
    expect(mismatchOf(airtime, 'success', undefined).map((m) => m.field)).toEqual([
      'phone',
      'amount',
    ]);
    expect(mismatchOf(airtime, 'success', { phone: '08031234567', amountKobo: null })).toEqual([
      { field: 'amount', ours: '₦100.00', theirs: 'unreadable' },
    ]);
  });

  it('a reversal must name the order like a success; a failure only where it names something', () => {
    expect(mismatchOf(airtime, 'reversed', {}).map((m) => m.field)).toEqual(['phone', 'amount']);
    expect(mismatchOf(airtime, 'failed', {})).toEqual([]);
    expect(mismatchOf(airtime, 'failed', { phone: '08099999999' })).toEqual([
      { field: 'phone', ours: '08031234567', theirs: '08099999999' },
    ]);
  });

  it('ignores a pending answer (nothing is done with it)', () => {
    expect(mismatchOf(airtime, 'pending', { phone: '08099999999', amountKobo: 1 })).toEqual([]);
  });

  it('data: checks the plan id and phone, never the plan price', () => {
    expect(mismatchOf(data, 'success', { phone: '2348031234567', planId: '7' })).toEqual([]);
    expect(mismatchOf(data, 'success', { phone: '08031234567', planId: '8' })).toEqual([
      { field: 'plan', ours: '7', theirs: '8' },
    ]);
    // A plan the answer leaves out is no mismatch; a phone it leaves out is.
    expect(mismatchOf(data, 'success', { phone: '08031234567' })).toEqual([]);
    expect(mismatchOf(data, 'success', { planId: '7' })).toEqual([
      { field: 'phone', ours: '08031234567', theirs: null },
    ]);
  });

  it('electricity: meter (spaces and dashes aside), disco and amount', () => {
    expect(
      mismatchOf(electricity, 'success', {
        meterNumber: '4501-234 5678',
        discoId: '20',
        amountKobo: 500_000,
      }),
    ).toEqual([]);
    expect(
      mismatchOf(electricity, 'success', {
        meterNumber: '45019995678',
        discoId: '21',
        amountKobo: 5_000_000,
      }).map((m) => m.field),
    ).toEqual(['meter', 'disco', 'amount']);
    expect(mismatchOf(electricity, 'success', { amountKobo: 500_000 })).toEqual([
      { field: 'meter', ours: '45012345678', theirs: null },
    ]);
  });

  it('checks nothing we do not know (an old receipt without the field)', () => {
    expect(
      mismatchOf({ kind: 'airtime', reference: 'VND-9' }, 'success', {
        phone: '0809',
        amountKobo: 1,
      }),
    ).toEqual([]);
  });
});

describe('expectedOrderOf', () => {
  const row = (over: Partial<TransactionRow>) =>
    ({
      reference: 'VND-5',
      phoneNumber: '08031234567',
      network: 'MTN',
      details: {},
      ...over,
    }) as TransactionRow;

  it('reads what we ordered from the receipt', () => {
    expect(expectedOrderOf(row({ type: 'airtime', details: { faceValueKobo: 10_000 } }))).toEqual({
      ...airtime,
      reference: 'VND-5',
    });
    expect(
      expectedOrderOf(row({ type: 'data', details: { planId: '2', supplierPlanId: '7' } })),
    ).toEqual({ ...data, reference: 'VND-5' });
    expect(
      expectedOrderOf(
        row({
          type: 'electricity',
          network: 'Ikeja Electric',
          details: { meterNumber: '45012345678', amountKobo: 500_000, discoId: 20 },
        }),
      ),
    ).toEqual({ ...electricity, reference: 'VND-5' });
  });
});
