import ipaddr from 'ipaddr.js';

/**
 * A list of client addresses: single addresses and CIDR ranges, IPv4 or IPv6 (`203.0.113.7`,
 * `203.0.113.0/24`, `2001:db8::/32`). An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, how a
 * dual-stack socket reports an IPv4 peer) is judged as the IPv4 address it maps.
 */
export type AllowList = { entries: string[]; allows: (address: string) => boolean };

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

const rangeOf = (entry: string): Range | null => {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    if (!ipaddr.isValid(entry)) return null;
    const address = ipaddr.process(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
};

/** The entries that are neither an address nor a CIDR range (for a configuration error). */
export const invalidAllowListEntries = (entries: string[]): string[] =>
  entries.filter((entry) => rangeOf(entry) === null);

/** Builds the list; entries that do not parse are left out (config refuses them first). */
export const allowListOf = (entries: string[]): AllowList => {
  const ranges = entries.map(rangeOf).filter((range): range is Range => range !== null);
  return {
    entries,
    allows: (address) => {
      if (!ipaddr.isValid(address)) return false;
      const parsed = ipaddr.process(address);
      return ranges.some(([base, bits]) => {
        if (parsed instanceof ipaddr.IPv4 && base instanceof ipaddr.IPv4)
          return parsed.match(base, bits);
        if (parsed instanceof ipaddr.IPv6 && base instanceof ipaddr.IPv6)
          return parsed.match(base, bits);
        return false;
      });
    },
  };
};
