import { describe, expect, it } from 'vitest';
import type { PurchaseKind } from './port.ts';
import { loadSupplierSettings } from '../../config.ts';
import {
  type Canned,
  cannedSupplier,
  dataOrder,
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

describe('Husmodata adapter: requests on the wire', () => {
  it('sends a data order with the token header, configured network id, plan and our reference', async () => {
    await buyData();
    expect(wire.seen).toEqual([
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
    expect(wire.seen[0]).toMatchObject({
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
    expect(wire.seen[0]!.body).toMatchObject({ network: 'MTN', plan: '1GB_MTN-SME' });
  });

  it('sends an electricity order in naira and leaves out unknown optional fields', async () => {
    wire.canned = json(200, { id: 9, Status: 'successful', token: 'Token : 12345678901234567890' });
    await supplier().buyElectricity({
      reference: 'R3',
      discoId: 20,
      meterNumber: '45012345678',
      meterType: 'prepaid',
      amountKobo: 500_000,
      phone: null,
      customerName: null,
    });
    expect(wire.seen[0]).toMatchObject({
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
    expect(wire.seen[0]!.body).not.toHaveProperty('Customer_Phone');
    expect(wire.seen[0]!.body).not.toHaveProperty('customer_name');
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
    expect(wire.seen[0]!.body).toMatchObject({
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
      expect(wire.seen[0]).toMatchObject({ method: 'GET', url, auth: 'Token live-key' });
    },
  );
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
    wire.canned = reply;
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
    wire.canned = reply;
    expect((await buyData()).duplicateRequest).toBeUndefined();
  });

  it('a re-query is never a duplicate (it places nothing)', async () => {
    wire.canned = json(400, { error: ['Request ID exists'] });
    const result = await supplier().query('data', { supplierRef: null, reference: 'VND-REF-1' });
    expect(result.outcome).toBe('pending');
    expect(result.duplicateRequest).toBeUndefined();
  });
});
