import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

type Claims = { sub: string; v: number };

/** Signs a short-lived session token carrying the user's token version. */
export const issueToken = (
  { jwtSecret, ttlSeconds }: { jwtSecret: string; ttlSeconds: number },
  user: { id: string; tokenVersion: number },
): string =>
  jwt.sign({ v: user.tokenVersion } satisfies Omit<Claims, 'sub'>, jwtSecret, {
    subject: user.id,
    expiresIn: ttlSeconds,
    algorithm: 'HS256',
  });

/**
 * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries to parse it as a
 * public key on every verify, which cost a tenth of a purchase's CPU in the benchmark.
 */
const keys = new Map<string, KeyObject>();
const secretKey = (jwtSecret: string): KeyObject => {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
    keys.set(jwtSecret, key);
  }
  return key;
};

/**
 * Tokens whose signature already checked out, with their claims and expiry, per secret: a token
 * is sent with every request, and its signature cannot change, so it is checked once. Expiry is
 * still checked on every read; revocation is the caller's (tokenVersion against the user row).
 * Bounded: when full it starts again empty.
 */
const verified = new Map<string, Map<string, { claims: Claims; expiresAtMs: number }>>();
const VERIFIED_MAX = 10_000;

/** The token's claims when its signature and expiry hold, else null. */
export const readToken = (jwtSecret: string, token: string): Claims | null => {
  let known = verified.get(jwtSecret);
  if (!known) {
    known = new Map();
    verified.set(jwtSecret, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (Date.now() < hit.expiresAtMs) return hit.claims;
    known.delete(token);
    return null;
  }
  try {
    const payload = jwt.verify(token, secretKey(jwtSecret), { algorithms: ['HS256'] });
    if (
      typeof payload === 'string' ||
      typeof payload.sub !== 'string' ||
      typeof payload.v !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    const claims = { sub: payload.sub, v: payload.v };
    if (known.size >= VERIFIED_MAX) known.clear();
    known.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
};
