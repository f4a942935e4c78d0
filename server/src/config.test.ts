import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { vtpassProductionProblem } from './config-suppliers.ts';

describe('loadConfig webhook settings', () => {
  it('keeps the SSRF rules on by default, with a 10 s timeout and backoff from 30 s to 1 h', () => {
    const { webhooks } = loadConfig({});
    expect(webhooks).toMatchObject({
      allowPrivateTargets: false,
      allowHttp: false,
      timeoutMs: 10_000,
      retryBaseMs: 30_000,
      retryMaxMs: 3_600_000,
      retryWindowSeconds: 86_400,
      retentionDays: 30,
    });
    expect(loadConfig({ WEBHOOK_RETENTION_DAYS: '7' }).webhooks.retentionDays).toBe(7);
    expect(() => loadConfig({ WEBHOOK_RETENTION_DAYS: '0' })).toThrow('WEBHOOK_RETENTION_DAYS');
  });

  it('refuses a lease too short for one send (no event could be sent)', () => {
    expect(() => loadConfig({ WEBHOOK_LEASE_SECONDS: '10', WEBHOOK_TIMEOUT_MS: '10000' })).toThrow(
      'WEBHOOK_LEASE_SECONDS must be at least 2 s longer than WEBHOOK_TIMEOUT_MS',
    );
    expect(loadConfig({ WEBHOOK_LEASE_SECONDS: '12' }).webhooks.leaseSeconds).toBe(12);
  });

  it('refuses the local-testing relaxations in production', () => {
    for (const name of ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'WEBHOOK_ALLOW_HTTP']) {
      expect(() => loadConfig({ NODE_ENV: 'production', [name]: 'true' })).toThrow(
        'cannot be set in production',
      );
      expect(loadConfig({ NODE_ENV: 'test', [name]: 'true' }).webhooks).toMatchObject(
        name === 'WEBHOOK_ALLOW_HTTP' ? { allowHttp: true } : { allowPrivateTargets: true },
      );
    }
  });
});

describe('loadConfig database roles and the ledger check', () => {
  it('migrates through DATABASE_URL unless DATABASE_MIGRATION_URL names the owner', () => {
    const app = 'postgres://vendo_app@db/vendo';
    const owner = 'postgres://vendo@db/vendo';
    expect(loadConfig({ DATABASE_URL: app }).databaseMigrationUrl).toBe(app);
    expect(
      loadConfig({ DATABASE_URL: app, DATABASE_MIGRATION_URL: owner }).databaseMigrationUrl,
    ).toBe(owner);
    expect(loadConfig({}).databaseMigrationUrl).toBeUndefined();
  });

  it('refuses DATABASE_MIGRATION_URL without DATABASE_URL (the app would run embedded)', () => {
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://vendo@db/vendo' })).toThrow(
      'DATABASE_MIGRATION_URL is set but DATABASE_URL is not',
    );
  });

  it('uses named prepared statements unless DATABASE_PREPARED_STATEMENTS=false, which needs a direct migration URL', () => {
    const pooler = 'postgres://vendo@pgbouncer:6432/vendo';
    const direct = 'postgres://vendo@db:5432/vendo';
    expect(loadConfig({ DATABASE_URL: direct }).databasePreparedStatements).toBe(true);
    expect(() =>
      loadConfig({ DATABASE_URL: pooler, DATABASE_PREPARED_STATEMENTS: 'false' }),
    ).toThrow('set DATABASE_MIGRATION_URL to a direct connection');
    const behindPooler = loadConfig({
      DATABASE_URL: pooler,
      DATABASE_MIGRATION_URL: direct,
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(behindPooler.databasePreparedStatements).toBe(false);
    expect(behindPooler.databaseMigrationUrl).toBe(direct);
    // The embedded database has no pooler: the setting is harmless there.
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(
      false,
    );
  });

  it('reads reports from DATABASE_READ_URL only beside a DATABASE_URL; waits 250 ms for it by default', () => {
    const replica = 'postgres://vendo@replica:5432/vendo';
    const config = loadConfig({
      DATABASE_URL: 'postgres://vendo@db/vendo',
      DATABASE_READ_URL: replica,
    });
    expect(config.databaseReadUrl).toBe(replica);
    expect(config.databaseReadMaxWaitMs).toBe(250);
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(
      'DATABASE_READ_URL is set but DATABASE_URL is not',
    );
    expect(() => loadConfig({ DATABASE_READ_MAX_WAIT_MS: '-1' })).toThrow(
      'DATABASE_READ_MAX_WAIT_MS',
    );
  });

  it('checks the ledger hourly by default; 0 turns it off', () => {
    expect(loadConfig({}).ledgerCheckIntervalSeconds).toBe(3600);
    expect(loadConfig({ LEDGER_CHECK_INTERVAL_SECONDS: '0' }).ledgerCheckIntervalSeconds).toBe(0);
  });

  it('serves /metrics only with a METRICS_TOKEN of 16+ characters and no spaces', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'a1b2c3d4e5f6a7b8c9d0';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ['short-token', 'sixteen chars or more']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(
        'METRICS_TOKEN: at least 16 characters, no spaces',
      );
    }
  });
});

describe('loadConfig client addresses and BillStack', () => {
  const billstack = {
    NODE_ENV: 'production',
    BILLSTACK_BASE_URL: 'https://api.billstack.example',
    BILLSTACK_SECRET_KEY: 'live-secret',
  };

  it('refuses to start in production with BillStack and no BILLSTACK_ALLOWED_IPS', () => {
    for (const empty of [{}, { BILLSTACK_ALLOWED_IPS: '' }, { BILLSTACK_ALLOWED_IPS: ' , ' }]) {
      expect(() => loadConfig({ ...billstack, ...empty })).toThrow(
        "BILLSTACK_ALLOWED_IPS must list BillStack's webhook addresses in production",
      );
    }
    expect(() => loadConfig({ NODE_ENV: 'production', BILLSTACK_SECRET_KEY: 'k' })).toThrow(
      'BILLSTACK_ALLOWED_IPS',
    );
    // Outside production the sandbox BillStack needs no list.
    expect(loadConfig({ NODE_ENV: 'development' }).billstack.allowedIps).toEqual([]);
  });

  it('takes addresses and CIDR ranges, and refuses anything else', () => {
    const config = loadConfig({
      ...billstack,
      BILLSTACK_ALLOWED_IPS: '203.0.113.7, 198.51.100.0/24,2001:db8::/32',
    });
    expect(config.billstack.allowedIps).toEqual([
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::/32',
    ]);
    expect(() =>
      loadConfig({ ...billstack, BILLSTACK_ALLOWED_IPS: '203.0.113.7,billstack.io' }),
    ).toThrow('not an address or CIDR range: billstack.io');
    expect(() => loadConfig({ BILLSTACK_ALLOWED_IPS: '10.0.0.0/33' })).toThrow('10.0.0.0/33');
  });

  it('refuses TRUST_PROXY=true with the list in production (X-Forwarded-For could name an allowed address)', () => {
    const listed = { ...billstack, BILLSTACK_ALLOWED_IPS: '203.0.113.7' };
    expect(() => loadConfig({ ...listed, TRUST_PROXY: 'true' })).toThrow(
      'set TRUST_PROXY to the number of proxies',
    );
    expect(loadConfig({ ...listed, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...listed, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('reads TRUST_PROXY as off, every hop, a number of hops or the proxies’ addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow('TRUST_PROXY');
  });
});

describe('loadConfig suppliers', () => {
  it('parses SUPPLIER_TIMEOUT_MS once: the vending loop and every supplier share it', () => {
    const config = loadConfig({ SUPPLIER_TIMEOUT_MS: '8000' });
    expect(config.vending.supplierTimeoutMs).toBe(8000);
    expect(config.suppliers.ALARO.timeoutMs).toBe(8000);
    expect(config.suppliers.GLAD.timeoutMs).toBe(8000);
    expect(loadConfig({}).suppliers.GLAD.timeoutMs).toBe(15_000);
  });

  it('refuses a SUPPLIER_TIMEOUT_MS below 100 ms or not a whole number', () => {
    for (const value of ['0', '1', '99', '1.5', 'soon']) {
      expect(() => loadConfig({ SUPPLIER_TIMEOUT_MS: value })).toThrow(/SUPPLIER_TIMEOUT_MS/);
    }
    expect(loadConfig({ SUPPLIER_TIMEOUT_MS: '100' }).suppliers.ALARO.timeoutMs).toBe(100);
  });

  it('serves a supplier without a base URL from the sandbox, and says which keys were given', () => {
    const config = loadConfig({
      GLAD_BASE_URL: 'https://glad.example/api/',
      GLAD_API_KEY: 'g-key',
      SQUAD_SECRET_KEY: 'sk',
    });
    expect(config.suppliers.GLAD).toMatchObject({
      baseUrl: 'https://glad.example/api',
      apiKey: 'g-key',
    });
    expect(config.suppliers.ALARO).toMatchObject({ baseUrl: null, apiKey: 'sandbox-alaro-key' });
    expect(config.squad.secretKeySet).toBe(true);
    expect(config.billstack.secretKeySet).toBe(false);
  });
});

describe('loadConfig VTpass (bills supplier)', () => {
  it('serves VTpass from the sandbox with its keys when VTPASS_BASE_URL is unset', () => {
    expect(loadConfig({ SUPPLIER_TIMEOUT_MS: '4000' }).vtpass).toEqual({
      baseUrl: null,
      apiKey: 'sandbox-vtpass-api-key',
      secretKey: 'SK_sandbox_vtpass_secret',
      publicKey: 'PK_sandbox_vtpass_public',
      timeoutMs: 4000,
    });
  });

  it('takes the real URL (no trailing slash) and keys, and refuses a URL that is not http(s)', () => {
    const keys = { VTPASS_API_KEY: 'a', VTPASS_SECRET_KEY: 'SK_b', VTPASS_PUBLIC_KEY: 'PK_c' };
    const { vtpass } = loadConfig({ VTPASS_BASE_URL: 'https://vtpass.com/', ...keys });
    expect(vtpass).toMatchObject({ baseUrl: 'https://vtpass.com', apiKey: 'a', secretKey: 'SK_b' });
    expect(() => loadConfig({ VTPASS_BASE_URL: 'ftp://vtpass.com' })).toThrow('VTPASS_BASE_URL');
  });

  it('refuses the real URL without all three keys in production', () => {
    const env = { NODE_ENV: 'production', VTPASS_BASE_URL: 'https://vtpass.com' };
    expect(() => loadConfig({ ...env, VTPASS_API_KEY: 'a', VTPASS_SECRET_KEY: 'b' })).toThrow(
      'VTPASS_PUBLIC_KEY must be set',
    );
    const keys = { VTPASS_API_KEY: 'a', VTPASS_SECRET_KEY: 'b', VTPASS_PUBLIC_KEY: 'c' };
    expect(loadConfig({ ...env, ...keys }).vtpass.publicKey).toBe('c');
  });

  it('refuses a production start without VTPASS_BASE_URL (bills would go to the sandbox)', () => {
    const keys = { VTPASS_API_KEY: 'a', VTPASS_SECRET_KEY: 'b', VTPASS_PUBLIC_KEY: 'c' };
    expect(vtpassProductionProblem(loadConfig({ NODE_ENV: 'production' }))).toMatch(
      /^VTPASS_BASE_URL .* must be set in production/,
    );
    const real = { NODE_ENV: 'production', VTPASS_BASE_URL: 'https://vtpass.com', ...keys };
    expect(vtpassProductionProblem(loadConfig(real))).toBeNull();
    // Outside production the sandbox VTpass serves.
    expect(vtpassProductionProblem(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
  });
});

describe('loadConfig demo data', () => {
  const postgres = 'postgres://vendo@db/vendo';

  it('seeds demo accounts by default for `npm start` (development, embedded database) only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: postgres }).seedDemo).toBe(false);
  });

  it('never seeds them by default in production, whatever the database', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: postgres }).seedDemo).toBe(false);
  });

  it('follows SEED_DEMO when it is set, in production too', () => {
    for (const value of ['true', '1', 'yes', 'TRUE']) {
      expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: value }).seedDemo).toBe(true);
      expect(
        loadConfig({ NODE_ENV: 'production', DATABASE_URL: postgres, SEED_DEMO: value }).seedDemo,
      ).toBe(true);
    }
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});

describe('loadConfig empty values', () => {
  it('reads an empty value as unset, so the default applies (docker-compose passes `${NAME:-}`)', () => {
    const config = loadConfig({
      FUND_PAGE_FEE_BP: '',
      ACCOUNT_CARD_FEE_BP: '',
      MAIL_FROM: '',
      ELECTRICITY_SUPPLIER: '',
      LOG_LEVEL: '',
      ADMIN_USERNAME: 'owner',
      ADMIN_EMAIL: 'owner@vendo.example',
      ADMIN_PASSWORD: 'a long password',
      ADMIN_PHONE: '',
      SEED_DEMO: '',
      JWT_SECRET: '',
      SQUAD_BASE_URL: '',
    });
    expect(config.squad.fundPageFeeBasisPoints).toBe(100);
    expect(config.billstack.accountCardFeeBasisPoints).toBe(108);
    expect(config.mailFrom).toBe('Vendo <no-reply@vendo.local>');
    expect(config.vending.electricitySupplier).toBe('GLAD');
    expect(config.logLevel).toBe('info');
    expect(config.admin?.phoneNumber).toBe('08000000000');
    expect(config.seedDemo).toBe(true);
    expect(config.jwtSecret).toBeUndefined();
    expect(config.squad.baseUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false);
  });
});
