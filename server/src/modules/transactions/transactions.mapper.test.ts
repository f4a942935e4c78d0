import { describe, expect, it } from 'vitest';
import {
  toPublicDetails,
  toPublicTransaction,
  type TransactionRow,
} from './transactions.mapper.ts';

const row = (overrides: Partial<TransactionRow> = {}): TransactionRow & { userName: string } => ({
  id: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  reference: 'VND260101ABCDEF',
  type: 'data',
  network: 'MTN',
  status: 'success',
  amountKobo: 600_00,
  costKobo: 560_00,
  profitKobo: 40_00,
  phoneNumber: '08031234567',
  balanceBeforeKobo: 2_000_00,
  balanceAfterKobo: 1_400_00,
  paymentLink: null,
  apiResponse: null,
  apiResponseId: null,
  supplier: 'ALARO',
  supplierRef: 'SUP-1',
  planId: '33333333-3333-4333-8333-333333333333',
  ported: false,
  details: null,
  requestId: null,
  attempts: 0,
  nextCheckAt: null,
  escalatedAt: null,
  settledAt: null,
  createdAt: new Date('2026-01-01T10:00:00.000Z'),
  updatedAt: new Date('2026-01-01T10:00:00.000Z'),
  userName: 'adaeze',
  ...overrides,
});

describe('toPublicDetails (allow-list of the details jsonb)', () => {
  it('keeps the plan of a data purchase and drops everything else', () => {
    expect(
      toPublicDetails('data', {
        plan: '1GB',
        planType: 'SME',
        validity: '30 days',
        planId: '2',
        costKobo: 560_00,
        supplierPlanId: 'X9',
      }),
    ).toEqual({ plan: '1GB', planType: 'SME', validity: '30 days' });
  });

  it('turns kobo into naira (airtime face value, electricity amount)', () => {
    expect(toPublicDetails('airtime', { faceValueKobo: 500_50 })).toEqual({ faceValue: 500.5 });
    expect(
      toPublicDetails('electricity', {
        meterNumber: '1234567890',
        meterType: 'prepaid',
        discoId: 18,
        customerName: 'LAWAL ZAINAB',
        amountKobo: 1_000_00,
        token: '44422997365200903052',
        supplierRef: 'SUP-9',
      }),
    ).toEqual({
      meterNumber: '1234567890',
      meterType: 'prepaid',
      disco: 'Ikeja',
      customerName: 'LAWAL ZAINAB',
      faceValue: 1000,
      token: '44422997365200903052',
    });
  });

  it('ignores values of the wrong shape instead of failing the answer', () => {
    expect(
      toPublicDetails('electricity', {
        meterNumber: 1234567890,
        amountKobo: 10.5,
        discoId: 99,
        token: '',
      }),
    ).toBeUndefined();
    expect(toPublicDetails('airtime', { faceValueKobo: -1 })).toBeUndefined();
  });

  it('gives no details for other transaction types (wallet, funding, withdrawal …)', () => {
    expect(
      toPublicDetails('wallet', {
        bankName: 'GTBank',
        accountNumber: '0123456789',
        feeKobo: 50_00,
      }),
    ).toBeUndefined();
    expect(toPublicDetails('data', null)).toBeUndefined();
  });
});

describe('toPublicTransaction', () => {
  it('adds details beside the existing fields, profit only when asked', () => {
    const wire = toPublicTransaction(
      row({ details: { plan: '1GB', planType: 'SME', validity: '30 days', planId: '2' } }),
      { withProfit: false },
    );
    expect(wire).toEqual({
      _id: '11111111-1111-4111-8111-111111111111',
      trans_Id: 'VND260101ABCDEF',
      trans_Type: 'data',
      trans_Network: 'MTN',
      trans_Status: 'success',
      trans_amount: 600,
      trans_UserName: 'adaeze',
      phone_number: '08031234567',
      balance_Before: 2000,
      balance_After: 1400,
      paymentLink: null,
      apiResponse: null,
      apiResponseId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      details: { plan: '1GB', planType: 'SME', validity: '30 days' },
    });
    expect(toPublicTransaction(row(), { withProfit: true })).toMatchObject({ trans_profit: 40 });
    expect('details' in toPublicTransaction(row(), { withProfit: true })).toBe(false);
  });
});

describe('customerApiResponse (what a customer reads of a supplier answer)', () => {
  it('keeps a plain message, takes the message of a JSON body, drops HTML and bare JSON', async () => {
    const { customerApiResponse } = await import('./transactions.mapper.ts');
    expect(customerApiResponse('Dear Customer, you have gifted 1GB')).toBe(
      'Dear Customer, you have gifted 1GB',
    );
    expect(
      customerApiResponse(
        JSON.stringify({ api_response: 'Done', balance_before: '91000.00', ident: 'x' }),
      ),
    ).toBe('Done');
    expect(customerApiResponse(JSON.stringify({ balance_after: '1.00' }))).toBeNull();
    expect(customerApiResponse('<!doctype html><h1>Server Error (500)</h1>')).toBeNull();
    expect(customerApiResponse(null)).toBeNull();
  });
});
