import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/app-error.ts';

/**
 * Where a webhook may go (docs/decisions/0019): a public https URL. Checked when the user saves
 * it, and again when each event is sent, after DNS resolution, at the moment of connecting (so a
 * name that resolves to a public address at save and a private one later is still refused).
 */

/** The SSRF relaxations, for local tests only (config refuses them in production). */
export type TargetRules = { allowPrivateTargets: boolean; allowHttp: boolean };

export const PRIVATE_TARGET_MSG =
  'This webhook URL points to a local or private network address. Please use a public https URL.';

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated): no global address lives there. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether an address is a global unicast one. Everything ipaddr.js puts in a special range is
 * refused: loopback, private (RFC 1918), carrier-grade NAT (100.64/10), link-local (169.254/16,
 * the cloud metadata address included, and fe80::/10), unique-local (fc00::/7), unspecified,
 * multicast, broadcast, reserved, documentation, NAT64 and 6to4/Teredo forms that can embed one of
 * them; an IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
 */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
};

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The checks that need no DNS: a valid absolute https URL without credentials, not a local name
 * (localhost, *.localhost) and, when the host is an address, a public one. Answers the URL.
 * Throws VALIDATION_ERROR with a message for people.
 */
export const checkWebhookUrlSyntax = (raw: string, rules: TargetRules): URL => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Please enter a valid URL, e.g. https://example.com/webhooks',
    });
  }
  const schemes = rules.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new AppError('VALIDATION_ERROR', { msg: 'The webhook URL must start with https://' });
  }
  if (url.username || url.password) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'The webhook URL must not contain a user name or password',
    });
  }
  if (rules.allowPrivateTargets) return url;
  const host = hostOf(url).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new AppError('VALIDATION_ERROR', { msg: PRIVATE_TARGET_MSG });
  }
  if (ipaddr.isValid(host) && !isPublicAddress(host)) {
    throw new AppError('VALIDATION_ERROR', { msg: PRIVATE_TARGET_MSG });
  }
  return url;
};

/** Resolves every address of a name (dns.lookup: the hosts file and DNS, as connecting does). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;
const resolveAll: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * The save-time check: the syntax rules, then every address the host resolves to must be public.
 * Answers the normalised URL.
 */
export const checkWebhookUrl = async (
  raw: string,
  rules: TargetRules,
  resolve: ResolveAll = resolveAll,
): Promise<string> => {
  const url = checkWebhookUrlSyntax(raw, rules);
  const host = hostOf(url);
  if (!rules.allowPrivateTargets && !ipaddr.isValid(host)) {
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(host);
    } catch {
      throw new AppError('VALIDATION_ERROR', {
        msg: `We could not find the host ${host}. Please check the webhook URL.`,
      });
    }
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      throw new AppError('VALIDATION_ERROR', { msg: PRIVATE_TARGET_MSG });
    }
  }
  return url.toString();
};

/** Raised at connect time when a name resolves to an address webhooks may not reach. */
export class PrivateTargetError extends Error {
  constructor(hostname: string, address: string) {
    super(`refused: ${hostname} resolves to ${address}, a local or private address`);
    this.name = 'PrivateTargetError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A net/tls `lookup` that resolves the name and refuses it unless every address is public; the
 * socket then connects to an address this very function checked (no second resolution a DNS
 * rebinding could answer differently).
 */
export const publicOnlyLookup = (
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      callback(new PrivateTargetError(hostname, refused?.address ?? 'nothing'), []);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
