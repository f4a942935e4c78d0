import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/**
 * A session token's claims: the user, their token version, the token's own id (`jti`, which
 * logout revokes; null on a token issued before tokens had one) and its expiry (epoch seconds).
 */
export type Claims = { sub: string; v: number; jti: string | null; exp: number };

/**
 * The signing key as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries
 * to read it as a PEM public key on every call (node's createPublicKey), which cost about a tenth
 * of the app's CPU per authenticated request; a KeyObject skips that. Two are kept: during a
 * rotation tokens are read with the current secret and the one it replaced.
 */
const cachedKeys = new Map<string, KeyObject>();
const keyFor = (secret: string): KeyObject => {
  let key = cachedKeys.get(secret);
  if (!key) {
    if (cachedKeys.size >= 2) cachedKeys.delete(cachedKeys.keys().next().value!);
    key = createSecretKey(secret, 'utf8');
    cachedKeys.set(secret, key);
  }
  return key;
};

/** Signs a short-lived session token carrying the user's token version and an id of its own. */
export const issueToken = (
  { jwtSecret, ttlSeconds }: { jwtSecret: string; ttlSeconds: number },
  user: { id: string; tokenVersion: number },
): string =>
  jwt.sign({ v: user.tokenVersion }, keyFor(jwtSecret), {
    subject: user.id,
    expiresIn: ttlSeconds,
    jwtid: randomUUID(),
    algorithm: 'HS256',
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token's claims when its signature and expiry hold, else null. */
export const readToken = (jwtSecret: string, token: string): Claims | null => {
  try {
    const payload = jwt.verify(token, keyFor(jwtSecret), { algorithms: ['HS256'] });
    if (
      typeof payload === 'string' ||
      typeof payload.sub !== 'string' ||
      typeof payload.v !== 'number' ||
      typeof payload.exp !== 'number' ||
      (payload.jti !== undefined && !(typeof payload.jti === 'string' && UUID.test(payload.jti)))
    ) {
      return null;
    }
    return { sub: payload.sub, v: payload.v, jti: payload.jti ?? null, exp: payload.exp };
  } catch {
    return null;
  }
};
