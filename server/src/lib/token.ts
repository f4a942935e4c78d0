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

/** The token's claims when its signature and expiry hold, else null. */
export const readToken = (jwtSecret: string, token: string): Claims | null => {
  try {
    const payload = jwt.verify(token, jwtSecret, { algorithms: ['HS256'] });
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
