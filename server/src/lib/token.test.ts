import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueToken, readToken } from './token.ts';

const secret = 'token-test-secret-token-test-secret-0123';
const user = { id: '6f1c1b7e-4d1e-4c7e-9a52-2f0c3f1f0a11', tokenVersion: 3 };

describe('readToken', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a good token, and still refuses it once it expires after it was first read', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const token = issueToken({ jwtSecret: secret, ttlSeconds: 60 }, user);
    const claims = {
      sub: user.id,
      v: 3,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      exp: Date.parse('2026-11-22T10:01:00Z') / 1000,
    };
    expect(readToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T10:00:59Z'));
    expect(readToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T10:01:00Z'));
    expect(readToken(secret, token)).toBeNull();
    expect(readToken(secret, token)).toBeNull();
  });

  it('refuses a token signed with another secret, even after the same token was read under its own', () => {
    const token = issueToken({ jwtSecret: secret, ttlSeconds: 60 }, user);
    expect(readToken(secret, token)).not.toBeNull();
    expect(readToken(`${secret}-other`, token)).toBeNull();
  });

  it('refuses a token whose signature was altered, while the genuine one still reads', () => {
    const token = issueToken({ jwtSecret: secret, ttlSeconds: 60 }, user);
    expect(readToken(secret, token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(readToken(secret, `${header}.${payload}.${flipped}`)).toBeNull();
    // A payload claiming another user under the genuine signature.
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), v: 4 }),
    ).toString('base64url');
    expect(readToken(secret, `${header}.${forged}.${signature}`)).toBeNull();
    expect(readToken(secret, token)).toMatchObject({ sub: user.id, v: 3 });
  });

  it('gives every token an id of its own (what logout revokes)', () => {
    const ids = Array.from({ length: 5 }, () =>
      readToken(secret, issueToken({ jwtSecret: secret, ttlSeconds: 60 }, user)),
    ).map((claims) => claims?.jti);
    expect(new Set(ids).size).toBe(5);
  });

  it('refuses garbage', () => {
    expect(readToken(secret, 'not-a-token')).toBeNull();
    expect(readToken(secret, '')).toBeNull();
  });
});
