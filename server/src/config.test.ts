import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
    });
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

  it('checks the ledger hourly by default; 0 turns it off', () => {
    expect(loadConfig({}).ledgerCheckIntervalSeconds).toBe(3600);
    expect(loadConfig({ LEDGER_CHECK_INTERVAL_SECONDS: '0' }).ledgerCheckIntervalSeconds).toBe(0);
  });
});
