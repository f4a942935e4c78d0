import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

type Claims = { sub: string; v: number };

/**
 * The signing key as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries
 * to read it as a PEM public key on every call (node's createPublicKey), which cost about a tenth
 * of the app's CPU per authenticated request; a KeyObject skips that.
 */
let cachedKey: { secret: string; key: KeyObject } | null = null;
const keyFor = (secret: string): KeyObject => {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(secret, 'utf8') };
  return cachedKey.key;
};

/** Signs a short-lived session token carrying the user's token version. */
export const issueToken = (
  { jwtSecret, ttlSeconds }: { jwtSecret: string; ttlSeconds: number },
  user: { id: string; tokenVersion: number },
): string =>
  jwt.sign({ v: user.tokenVersion } satisfies Omit<Claims, 'sub'>, keyFor(jwtSecret), {
    subject: user.id,
    expiresIn: ttlSeconds,
    algorithm: 'HS256',
  });

/** The token's claims when its signature and expiry hold, else null. */
export const readToken = (jwtSecret: string, token: string): Claims | null => {
  try {
    const payload = jwt.verify(token, keyFor(jwtSecret), { algorithms: ['HS256'] });
    if (
      typeof payload === 'string' ||
      typeof payload.sub !== 'string' ||
      typeof payload.v !== 'number'
    ) {
      return null;
    }
    return { sub: payload.sub, v: payload.v };
  } catch {
    return null;
  }
};
