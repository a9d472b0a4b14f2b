import { BlockList, isIP } from 'node:net';

// Addresses as TRUSTED_PROXIES names them, and as the client-address rule compares them.

/** An address as the limits key it: IPv4-mapped IPv6 as IPv4, brackets and ports removed; undefined when not an IP. */
export function normalizeAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(text);
  if (mapped) text = mapped[1];
  return isIP(text) ? text.toLowerCase() : undefined;
}

/** Parses TRUSTED_PROXIES (comma-separated IPs and CIDRs); each bad entry is named in `problems`. */
export function parseTrustedProxies(raw: string | undefined, problems: string[]): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!parseEntry(entry)) problems.push(`TRUSTED_PROXIES entry ${JSON.stringify(entry)} is not an IP address or CIDR (10.0.0.0/8, fd00::/8, 127.0.0.1)`);
  }
  return entries;
}

function parseEntry(entry: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address, prefixText, extra] = entry.split('/');
  const normalized = normalizeAddress(address);
  if (!normalized || extra !== undefined) return undefined;
  const family = isIP(normalized) === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address: normalized, family };
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= (family === 'ipv4' ? 32 : 128))) return undefined;
  return { address: normalized, prefix, family };
}

/** The set of trusted proxies, as a predicate on normalized addresses. */
export function trustedProxies(entries: readonly string[]): (address: string) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) continue;
    if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address) => list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}
