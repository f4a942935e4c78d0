import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Squad: checkout initiate and verify over HTTP with `Authorization: Bearer
 * <secret>`, and the webhook signature `x-squad-encrypted-body` = HMAC-SHA512(raw body, secret),
 * hex, compared case-insensitively in constant time.
 */
export type SquadSettings = { baseUrl: string; secretKey: string; timeoutMs: number };

export type VerifyResult =
  | { status: 'Success' | 'Failed' | 'Abandoned' | 'Pending'; amountKobo: number }
  /** Squad answered 400 "Invalid transaction reference": it has no payment under this reference. */
  | { status: 'NotFound'; amountKobo: null }
  | { status: 'unknown'; amountKobo: null };

const call = async (settings: SquadSettings, path: string, init: RequestInit = {}) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  try {
    const res = await fetch(`${settings.baseUrl}${path}`, {
      ...init,
      signal: controller.signal,
      redirect: 'error',
      headers: {
        authorization: `Bearer ${settings.secretKey}`,
        'content-type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return {
      status: res.status,
      body: body as { data?: Record<string, unknown>; message?: string } | null,
    };
  } finally {
    clearTimeout(timer);
  }
};

/** Starts a checkout; answers the page the customer pays on. Throws when Squad gives no link. */
export const initiateSquadPayment = async (
  settings: SquadSettings,
  input: {
    reference: string;
    amountKobo: number;
    email: string;
    callbackUrl: string;
    customerName: string;
  },
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
  if (res.status !== 200 || typeof url !== 'string')
    throw new Error(`Squad initiate failed (HTTP ${res.status})`);
  return { checkoutUrl: url };
};

/**
 * Asks Squad what happened to a payment; a reference it does not know is 'NotFound', anything
 * unreadable (timeout, 5xx, odd body) is 'unknown'. Neither is ever a credit.
 */
export const verifySquadPayment = async (
  settings: SquadSettings,
  reference: string,
): Promise<VerifyResult> => {
  try {
    const res = await call(settings, `/transaction/verify/${encodeURIComponent(reference)}`);
    const status = res.body?.data?.transaction_status;
    const amount = Number(res.body?.data?.transaction_amount);
    if (
      res.status === 200 &&
      (status === 'Success' ||
        status === 'Failed' ||
        status === 'Abandoned' ||
        status === 'Pending') &&
      Number.isSafeInteger(amount)
    ) {
      return { status, amountKobo: amount };
    }
    if (res.status === 400) return { status: 'NotFound', amountKobo: null };
  } catch {
    // network failure or timeout: unknown
  }
  return { status: 'unknown', amountKobo: null };
};

export const signSquadBody = (secretKey: string, rawBody: Buffer | string): string =>
  createHmac('sha512', secretKey).update(rawBody).digest('hex').toUpperCase();

/** True when the header is the HMAC-SHA512 of exactly these raw bytes (case-insensitive hex). */
export const isValidSquadSignature = (
  secretKey: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean => {
  if (!header || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signSquadBody(secretKey, rawBody).toLowerCase(), 'hex');
  const given = Buffer.from(header.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
};

export type PayoutOutcome = {
  outcome: 'success' | 'failed' | 'pending';
  message: string;
  raw: string;
  /**
   * A re-query answered 404: the provider has no payout with our reference (yet). Pending like
   * any unclear answer; the withdrawal service decides by its age whether it never got there.
   */
  notFound?: boolean;
};

/** Account-name lookup; null when the bank says there is no such account. Throws on network trouble. */
export const lookupSquadAccount = async (
  settings: SquadSettings,
  input: { bankCode: string; accountNumber: string },
): Promise<{ accountName: string } | null> => {
  const res = await call(settings, '/payout/account/lookup', {
    method: 'POST',
    body: JSON.stringify({ bank_code: input.bankCode, account_number: input.accountNumber }),
  });
  const name = res.body?.data?.account_name;
  if (res.status === 200 && typeof name === 'string' && name.trim())
    return { accountName: name.trim() };
  if (res.status >= 400 && res.status < 500) return null;
  throw new Error(`Squad lookup failed (HTTP ${res.status})`);
};

const payoutOutcome = (
  status: number,
  body: { data?: Record<string, unknown>; message?: string } | null,
  mode: 'transfer' | 'requery',
): PayoutOutcome => {
  const raw = JSON.stringify(body ?? {}).slice(0, 2000);
  const state = String(body?.data?.transaction_status ?? body?.data?.status ?? '').toLowerCase();
  if (status === 200 && (state === 'success' || (mode === 'transfer' && state === '')))
    return { outcome: 'success', message: 'Paid out', raw };
  if (status === 200 && (state === 'failed' || state === 'reversed'))
    return { outcome: 'failed', message: `Payout ${state}`, raw };
  if (mode === 'requery' && status === 404) {
    return {
      outcome: 'pending',
      notFound: true,
      message: 'The payout provider has no record of this payout',
      raw,
    };
  }
  // 424 is Squad's "timed out, re-query": like any 5xx or unclear answer, the money may have moved.
  if (mode === 'transfer' && status >= 400 && status < 500 && status !== 424) {
    return { outcome: 'failed', message: body?.message ?? `Payout refused (HTTP ${status})`, raw };
  }
  return { outcome: 'pending', message: 'No definite answer from the payout provider', raw };
};

/** Sends money to a bank account; a timeout or unclear answer is pending (re-query, never refund blind). */
export const sendSquadPayout = async (
  settings: SquadSettings,
  input: {
    reference: string;
    bankCode: string;
    accountNumber: string;
    accountName: string;
    amountKobo: number;
    remark: string;
  },
): Promise<PayoutOutcome> => {
  try {
    const res = await call(settings, '/payout/transfer', {
      method: 'POST',
      body: JSON.stringify({
        remark: input.remark,
        bank_code: input.bankCode,
        currency_id: 'NGN',
        amount: String(input.amountKobo),
        account_number: input.accountNumber,
        account_name: input.accountName,
        transaction_reference: input.reference,
      }),
    });
    return payoutOutcome(res.status, res.body, 'transfer');
  } catch (error) {
    return {
      outcome: 'pending',
      message: 'The payout provider did not answer in time',
      raw: String(error),
    };
  }
};

export const requerySquadPayout = async (
  settings: SquadSettings,
  reference: string,
): Promise<PayoutOutcome> => {
  try {
    const res = await call(settings, '/payout/requery', {
      method: 'POST',
      body: JSON.stringify({ transaction_reference: reference }),
    });
    return payoutOutcome(res.status, res.body, 'requery');
  } catch (error) {
    return { outcome: 'pending', message: 'Re-query failed', raw: String(error) };
  }
};

/** Squad's settings for this app: the configured API, or the built-in sandbox at the app's own URL. */
export const squadSettingsFor = (ctx: {
  config: { squad: { baseUrl: string | undefined; secretKey: string; timeoutMs: number } };
  selfUrl: () => string;
}): SquadSettings => ({
  baseUrl: ctx.config.squad.baseUrl ?? `${ctx.selfUrl()}/sandbox/squad`,
  secretKey: ctx.config.squad.secretKey,
  timeoutMs: ctx.config.squad.timeoutMs,
});
