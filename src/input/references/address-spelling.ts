import { matchKey } from '../../text/normalize.js';
import { clearWinner, editDistance, type Scored, spellingTolerance } from '../../text/suggest.js';

/** Letters two parts of an address may differ by and still be one address mistyped. */
const MAX_SLIPS = 2;

/** An email address as a name is written: one @, something on each side, no spaces. */
export function looksLikeAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text.trim());
}

/**
 * The stored address a mistyped one meant: the same domain with the part before the @ a letter or
 * two away, or the same part before the @ with the domain a letter or two away; only one clearly
 * closest (clearWinner). Another domain is another address, whatever its first part: "tech@corp.com"
 * is not the desk's "tech@example.com", so nothing is suggested for it.
 */
export function addressMeant(input: string, addresses: Iterable<string>): string | undefined {
  const [local, domain] = partsOf(input);
  const scored: Array<Scored<string>> = [];
  for (const address of addresses) {
    const [storedLocal, storedDomain] = partsOf(address);
    // The one part that differs, as written and as stored; both differing is another address.
    const differing = storedDomain === domain ? [local, storedLocal] : storedLocal === local ? [domain, storedDomain] : undefined;
    if (!differing) continue;
    const slips = editDistance(differing[0], differing[1], MAX_SLIPS);
    // As names are taken misspelt (a slip per four characters, at least one), here at most MAX_SLIPS.
    if (slips <= Math.min(MAX_SLIPS, spellingTolerance(differing[0], differing[1]))) scored.push({ target: address, score: slips });
  }
  return clearWinner(scored);
}

function partsOf(address: string): [local: string, domain: string] {
  const key = matchKey(address);
  const at = key.lastIndexOf('@');
  return [key.slice(0, at), key.slice(at + 1)];
}
