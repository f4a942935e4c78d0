import { describe, expect, it } from 'vitest';
import { createSupplierRegistry, sandboxSupplierUrl } from './registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { DEFAULT_SUPPLIER_NETWORK_IDS, SANDBOX_SUPPLIER_KEYS } from './suppliers.config.ts';
import { dataOrder, useCannedServer } from './husmodata.test-helpers.ts';

/**
 * The adapter against a throwaway HTTP server that answers whatever a test sets: every
 * classification branch of husmodata.ts (`classifyAnswer`) over real HTTP. The sandbox
 * suppliers' own tests (sandbox/vending) cover the triggers end to end.
 */

const wire = useCannedServer();

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
      settings: loadSupplierSettings({ ALARO_BASE_URL: wire.baseUrl, ALARO_API_KEY: 'live-alaro' }),
      sandboxBaseUrl: wire.baseUrl,
    });
    expect(registry.get('ALARO').name).toBe('ALARO');
    expect(registry.isSandbox('ALARO')).toBe(false);
    expect(registry.isSandbox('GLAD')).toBe(true);
    await registry.get('ALARO').buyData(dataOrder);
    await registry.get('GLAD').buyData(dataOrder);
    expect(wire.seen.map((s) => [s.url, s.auth])).toEqual([
      ['/api/data/', 'Token live-alaro'],
      ['/sandbox/suppliers/glad/api/data/', 'Token sandbox-glad-key'],
    ]);
  });
});
