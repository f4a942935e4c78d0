import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a webhook signing secret), encrypted at rest with
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret and a purpose, so a
 * copy of the database alone does not give them away. Stored as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url).
 */
const keyFor = (serverSecret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'vendo-secret-box', purpose, 32));

/** Encrypts `plain` for `purpose`. */
export const sealSecret = (serverSecret: string, purpose: string, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
};

/** Decrypts what sealSecret made with the same server secret and purpose; null if it cannot. */
export const openSecret = (
  serverSecret: string,
  purpose: string,
  sealed: string,
): string | null => {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(serverSecret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
};

/**
 * Opens with the first of `serverSecrets` that sealed it (the current secret, then the one it
 * replaced during a rotation); null if none did.
 */
export const openSecretWithAny = (
  serverSecrets: readonly (string | undefined)[],
  purpose: string,
  sealed: string,
): string | null => {
  for (const serverSecret of serverSecrets) {
    const plain = serverSecret ? openSecret(serverSecret, purpose, sealed) : null;
    if (plain !== null) return plain;
  }
  return null;
};
