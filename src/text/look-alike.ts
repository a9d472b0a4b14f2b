import { rectifyConfusion } from 'unicode-confusables';
import { keyOfLength } from './normalize.js';

/**
 * The key under which two texts that look the same are equal: compatibility forms folded (fullwidth
 * `ｍ`, ligatures), case and accents ignored, and each character replaced by its prototype in
 * Unicode's confusables table (UTS #39: Cyrillic `а` is Latin `a`, `0` is `O`, `rn` looks like `m`).
 * This is UTS #39's skeleton of the case-folded text, with marks stripped as matchKey strips accents.
 * Used where a look-alike must count as taken (logins, emails), never to resolve names: `rn` and `m`
 * are different names to look up. Prototypes may be longer than their characters ('m' is 'rn'): the
 * key is cut to its column's width (keyOfLength).
 */
export function lookAlikeKey(value: string): string {
  const folded = fold(value);
  // The table maps to prototypes that may carry capitals or marks ('0' -> 'O'): fold again after it.
  return keyOfLength(fold(rectifyConfusion(folded)));
}

function fold(value: string): string {
  return value.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
}
