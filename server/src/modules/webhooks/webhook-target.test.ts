import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, checkWebhookUrlSyntax, isPublicAddress } from './webhook-target.ts';

const strict = { allowPrivateTargets: false, allowHttp: false };

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '102.89.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkWebhookUrlSyntax', () => {
  it.each([
    ['https://127.0.0.1/hook', 'private'],
    ['https://2130706433/hook', 'private'],
    ['https://0x7f.1/hook', 'private'],
    ['https://[::1]/hook', 'private'],
    ['https://[::ffff:7f00:1]/hook', 'private'],
    ['https://localhost/hook', 'private'],
    ['https://api.localhost./hook', 'private'],
    ['http://8.8.8.8/hook', 'https://'],
    ['ftp://8.8.8.8/hook', 'https://'],
    ['https://user:pw@8.8.8.8/hook', 'user name or password'],
    ['example.com/hook', 'valid URL'],
  ])('refuses %s', (url, message) => {
    expect(() => checkWebhookUrlSyntax(url, strict)).toThrow(message);
  });

  it('allows http and private targets only when the test settings say so', () => {
    const local = { allowPrivateTargets: true, allowHttp: true };
    expect(checkWebhookUrlSyntax('http://127.0.0.1:9/x', local).host).toBe('127.0.0.1:9');
  });
});

describe('checkWebhookUrl', () => {
  it('refuses a name when any of its addresses is private, and names that do not resolve', async () => {
    const resolveTo =
      (...addresses: string[]) =>
      () =>
        Promise.resolve(
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
    await expect(
      checkWebhookUrl('https://hooks.example.com/x', strict, resolveTo('8.8.8.8', '10.1.1.1')),
    ).rejects.toThrow('private');
    await expect(
      checkWebhookUrl('https://hooks.example.com/x', strict, () =>
        Promise.reject(new Error('ENOTFOUND')),
      ),
    ).rejects.toThrow('could not find the host hooks.example.com');
    await expect(
      checkWebhookUrl('https://hooks.example.com/x', strict, resolveTo('8.8.8.8', '2001:4860::1')),
    ).resolves.toBe('https://hooks.example.com/x');
  });
});
