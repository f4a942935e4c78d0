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
