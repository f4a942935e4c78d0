import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature recipe customers verify (README "Webhooks", docs/decisions/0019):
 * `Vendo-Webhook-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`, where the
 * timestamp is the `Vendo-Webhook-Timestamp` header (unix seconds) and the secret is the whole
 * `whsec_…` string as UTF-8.
 */
export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** A new webhook signing secret: 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** What the user sees of a secret after it was shown once. */
export const secretHint = (secret: string): string => secret.slice(-4);
