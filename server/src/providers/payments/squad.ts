import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Squad (PROVIDERS.md): checkout initiate and verify over HTTP with `Authorization: Bearer
 * <secret>`, and the webhook signature `x-squad-encrypted-body` = HMAC-SHA512(raw body, secret),
 * hex, compared case-insensitively in constant time.
 */
export type SquadSettings = { baseUrl: string; secretKey: string; timeoutMs: number };

export type VerifyResult =
  | { status: 'Success' | 'Failed' | 'Abandoned' | 'Pending'; amountKobo: number }
  | { status: 'unknown'; amountKobo: null };

const call = async (settings: SquadSettings, path: string, init: RequestInit = {}) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  try {
    const res = await fetch(`${settings.baseUrl}${path}`, {
      ...init,
      signal: controller.signal,
      redirect: 'error',
      headers: { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body: body as { data?: Record<string, unknown>; message?: string } | null };
  } finally {
    clearTimeout(timer);
  }
};

/** Starts a checkout; answers the page the customer pays on. Throws when Squad gives no link. */
export const initiateSquadPayment = async (
  settings: SquadSettings,
  input: { reference: string; amountKobo: number; email: string; callbackUrl: string; customerName: string },
): Promise<{ checkoutUrl: string }> => {
  const res = await call(settings, '/transaction/initiate', {
    method: 'POST',
    body: JSON.stringify({
      email: input.email,
      amount: input.amountKobo,
      currency: 'NGN',
      initiate_type: 'inline',
      transaction_ref: input.reference,
      callback_url: input.callbackUrl,
      customer_name: input.customerName,
    }),
  });
  const url = res.body?.data?.checkout_url;
  if (res.status !== 200 || typeof url !== 'string') throw new Error(`Squad initiate failed (HTTP ${res.status})`);
  return { checkoutUrl: url };
};

/** Asks Squad what happened to a payment; anything unreadable is 'unknown' (never a credit). */
export const verifySquadPayment = async (settings: SquadSettings, reference: string): Promise<VerifyResult> => {
  try {
    const res = await call(settings, `/transaction/verify/${encodeURIComponent(reference)}`);
    const status = res.body?.data?.transaction_status;
    const amount = Number(res.body?.data?.transaction_amount);
    if (res.status === 200 && (status === 'Success' || status === 'Failed' || status === 'Abandoned' || status === 'Pending') && Number.isSafeInteger(amount)) {
      return { status, amountKobo: amount };
    }
  } catch {
    // network failure or timeout: unknown
  }
  return { status: 'unknown', amountKobo: null };
};

export const signSquadBody = (secretKey: string, rawBody: Buffer | string): string =>
  createHmac('sha512', secretKey).update(rawBody).digest('hex').toUpperCase();

/** True when the header is the HMAC-SHA512 of exactly these raw bytes (case-insensitive hex). */
export const isValidSquadSignature = (secretKey: string, rawBody: Buffer, header: string | undefined): boolean => {
  if (!header || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signSquadBody(secretKey, rawBody).toLowerCase(), 'hex');
  const given = Buffer.from(header.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
};
