/**
 * Walks an API response and reports anything secret in it: a key that names a secret (password,
 * hash, token other than the top-level session token, PIN, API or reset token), a value that looks
 * like a bcrypt hash, a value containing one of the known secrets (a user's password hash or plain
 * password, a reset token), or a NIN/BVN that is not masked.
 */

// `token(?!$)` catches tokenVersion, tokenHash …; a key that is exactly `token` is handled below.
const SECRET_KEY = /password|hash|token(?!$)|pin|apiToken|resetToken|secret/i;
const BCRYPT_VALUE = /^\$2[abxy]?\$\d{2}\$/;
const MASKED_ID = /^\*+\d{0,4}$/;

export type SecretLeak = { path: string; reason: string };

export const findSecretLeaks = (
  body: unknown,
  knownSecrets: (string | null | undefined)[] = [],
): SecretLeak[] => {
  const secrets = knownSecrets.filter((s): s is string => typeof s === 'string' && s.length >= 8);
  const leaks: SecretLeak[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (BCRYPT_VALUE.test(value)) leaks.push({ path, reason: 'value looks like a bcrypt hash' });
      for (const secret of secrets) {
        if (value.includes(secret))
          leaks.push({ path, reason: `value contains a known secret (${secret.slice(0, 6)}…)` });
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`));
      return;
    }
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = `${path}.${key}`;
        const sessionToken = path === '$' && key === 'token';
        if (!sessionToken && (SECRET_KEY.test(key) || key.toLowerCase() === 'token')) {
          leaks.push({ path: childPath, reason: 'secret key' });
        }
        if (
          /^(nin|bvn)$/i.test(key) &&
          child !== null &&
          !(typeof child === 'string' && MASKED_ID.test(child))
        ) {
          leaks.push({ path: childPath, reason: 'NIN/BVN not masked' });
        }
        walk(child, childPath);
      }
    }
  };
  walk(body, '$');
  return leaks;
};
