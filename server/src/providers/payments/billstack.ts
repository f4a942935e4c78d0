import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * BillStack reserved accounts (unconfirmed contract; decision 0028): generate with a Bearer
 * secret; deposits arrive by webhook whose only authentication is `x-wiaxy-signature` =
 * md5(secret), a static value, so the app also dedupes by wiaxy_ref and credits only account
 * numbers it reserved.
 */
export type BillstackSettings = { baseUrl: string; secretKey: string; timeoutMs: number };

export const billstackSignature = (secretKey: string) =>
  createHash('md5').update(secretKey).digest('hex');

export const isValidBillstackSignature = (
  secretKey: string,
  header: string | undefined,
): boolean => {
  if (!header) return false;
  const expected = Buffer.from(billstackSignature(secretKey));
  const given = Buffer.from(header.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
};

export const generateReservedAccount = async (
  settings: BillstackSettings,
  input: {
    email: string;
    reference: string;
    firstName: string;
    lastName: string;
    phone: string;
    bank: string;
  },
): Promise<{ accountNumber: string; accountName: string; bankName: string }> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  try {
    const res = await fetch(`${settings.baseUrl}/v2/thirdparty/generateVirtualAccount/`, {
      method: 'POST',
      signal: controller.signal,
      redirect: 'error',
      headers: {
        authorization: `Bearer ${settings.secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(input),
    });
    const body = (await res.json().catch(() => null)) as {
      status?: boolean;
      data?: { account?: { account_number?: string; account_name?: string; bank_name?: string }[] };
    } | null;
    const account = body?.data?.account?.[0];
    if (!res.ok || body?.status !== true || !account?.account_number)
      throw new Error(`BillStack answered HTTP ${res.status}`);
    return {
      accountNumber: account.account_number,
      accountName: account.account_name ?? input.firstName,
      bankName: account.bank_name ?? input.bank,
    };
  } finally {
    clearTimeout(timer);
  }
};
