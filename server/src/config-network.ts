import { z } from 'zod';
import { invalidAllowListEntries } from './lib/ip-allow-list.ts';

/**
 * The settings about client addresses (config.ts reads them): who counts as a proxy, and where
 * BillStack's webhooks may come from.
 */

/** Express's names for address ranges a proxy may sit in. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: `false` (the client is the socket's peer), `true` (trust every proxy: the
 * left-most X-Forwarded-For address, which a client can write itself unless the proxy replaces
 * the header), a number of proxies in front (`1`: the address the nearest proxy saw), or the
 * proxies' addresses, CIDR ranges or Express's names (`loopback, 10.0.0.0/8`).
 */
export const ZTrustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const value = (v ?? '').trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter(
      (e) => !PROXY_RANGE_NAMES.includes(e) && invalidAllowListEntries([e]).length > 0,
    );
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not true, false, a number of proxies or proxy addresses: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * BILLSTACK_ALLOWED_IPS as a list, refused when an entry is no address or CIDR range, and in
 * production, with BillStack configured, when it is empty or TRUST_PROXY trusts every hop
 * (decision 0028).
 */
export const billstackAllowList = (e: {
  NODE_ENV: string;
  BILLSTACK_ALLOWED_IPS?: string | undefined;
  BILLSTACK_BASE_URL?: string | undefined;
  BILLSTACK_SECRET_KEY?: string | undefined;
  TRUST_PROXY: boolean | number | string[];
}): string[] => {
  const billstackAllowedIps = (e.BILLSTACK_ALLOWED_IPS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const badIps = invalidAllowListEntries(billstackAllowedIps);
  if (badIps.length > 0) {
    throw new Error(
      `Invalid configuration:\nBILLSTACK_ALLOWED_IPS: not an address or CIDR range: ${badIps.join(', ')}`,
    );
  }
  if (e.NODE_ENV === 'production' && (e.BILLSTACK_BASE_URL || e.BILLSTACK_SECRET_KEY)) {
    // BillStack's deposit webhook proves nothing but a static header, and there is no documented
    // way to confirm a deposit with BillStack: its source address is the only other check.
    if (billstackAllowedIps.length === 0) {
      throw new Error(
        "Invalid configuration:\nBILLSTACK_ALLOWED_IPS must list BillStack's webhook addresses in production: its deposit webhook is authenticated only by a static header (md5 of the secret key), so deposits are accepted only from those addresses",
      );
    }
    if (e.TRUST_PROXY === true) {
      throw new Error(
        'Invalid configuration:\nTRUST_PROXY=true trusts every X-Forwarded-For address, which a client can write itself, so BILLSTACK_ALLOWED_IPS could be bypassed: set TRUST_PROXY to the number of proxies in front of the app (e.g. 1) or their addresses',
      );
    }
  }
  return billstackAllowedIps;
};
