import { describe, expect, it } from 'vitest';
import { openSecret, openSecretWithAny, sealSecret } from './secret-box.ts';

const KEY = 'server-secret-server-secret-server-secret';

describe('secret box', () => {
  it('opens what it sealed, with the same server secret and purpose only', () => {
    const sealed = sealSecret(KEY, 'webhook', 'whsec_example');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('whsec_example');
    expect(sealSecret(KEY, 'webhook', 'whsec_example')).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(KEY, 'webhook', sealed)).toBe('whsec_example');
    expect(openSecret(`${KEY}!`, 'webhook', sealed)).toBeNull();
    expect(openSecret(KEY, 'other purpose', sealed)).toBeNull();
  });

  it('refuses a tampered or malformed box', () => {
    const [version, iv, tag, body] = sealSecret(KEY, 'webhook', 'whsec_example').split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(openSecret(KEY, 'webhook', [version, iv, tag, flipped].join('.'))).toBeNull();
    expect(openSecret(KEY, 'webhook', 'v1.only-two')).toBeNull();
    expect(openSecret(KEY, 'webhook', `v2.${iv}.${tag}.${body}`)).toBeNull();
  });

  it('opens with the current server secret or the one it replaced, in a rotation', () => {
    const sealed = sealSecret(KEY, 'webhook', 'whsec_example');
    expect(openSecretWithAny([`${KEY}-new`, KEY], 'webhook', sealed)).toBe('whsec_example');
    expect(openSecretWithAny([`${KEY}-new`, undefined], 'webhook', sealed)).toBeNull();
  });
});
