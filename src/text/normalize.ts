import { isAscii } from './characters.js';

/** A sign for "not" before a value: "!closed", "!= Closed", "<> closed", "≠ closed", "¬closed", "-closed". */
const NOT_SIGN = /^\s*(?:!=?|<>|≠|¬|-(?=\s*\p{L}))\s*/u;

/**
 * `value` with a sign for "not" before it written as the word ("!closed" -> "not closed"), for the
 * comparisons that must not take the sign for punctuation and the value for itself. Before
 * matchKey: stripping accents turns "≠" into "=".
 */
export function notAsWord(value: string): string {
  return value.replace(NOT_SIGN, 'not ');
}

/**
 * Words for "not" before a value, in English and Brazilian Portuguese ("not new", "exceto pendente",
 * "todos menos tech"; "neither" and "nem" before a list: "nem tech nem maria").
 */
const NOT_WORDS = /^\s*(?:not|except|all but|everything but|any but|anyone but|neither|n[aã]o|nem|exceto|menos|todos menos|todos exceto)\s+(?=\S)/iu;

/**
 * What follows a word or a sign for "not" at the start of `value` ("not me": "me"; "!closed":
 * "closed"; "exceto Maria Silva": "Maria Silva"), as it was written; undefined without one. The one
 * reading of a negation: an enum filter takes every value but the one named, an actor filter every
 * ticket without that actor.
 */
export function afterNot(value: string): string | undefined {
  return negationOf(value)?.rest;
}

/**
 * The word for "not" at the start of `value`, a sign written as the word ("!tech": "not "), with
 * what follows it (afterNot); undefined without one.
 */
export function negationOf(value: string): { word: string; rest: string } | undefined {
  const worded = notAsWord(value);
  const negation = NOT_WORDS.exec(worded);
  return negation ? { word: negation[0].trimStart(), rest: worded.slice(negation[0].length).trim() } : undefined;
}

/** The width of every `*_key` column: VARCHAR(255), counted in characters (code points) on MariaDB. */
export const KEY_LENGTH = 255;

/**
 * The comparison key used for case- and accent-insensitive matching of names and labels:
 * lower case, accents stripped, inner white space collapsed. Stored in `*_key` columns so that
 * lookups are one index probe on every database, whatever its collation.
 *
 * Decomposing to strip the accents splits more than accented letters: a Hangul syllable becomes two
 * or three jamo, a kana with a voicing mark two characters. Recomposing after the strip joins them
 * again (a Latin letter whose accents are gone has nothing to recompose), so the key of a name taken
 * as names are (NFC) is never longer than the name in characters: every character's key is at most
 * one character (normalize.spec.ts checks them all). A key of a longer text is cut by keyOfLength.
 */
export function matchKey(value: string): string {
  const key = withoutAccents(value).toLowerCase().replace(/\s+/g, ' ').trim();
  return keyOfLength(key);
}

function withoutAccents(value: string): string {
  // ASCII has no accents and is its own NFD and NFC: most names and words skip the normalizer.
  return isAscii(value)
    ? value
    : value
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC');
}

/**
 * A key cut to what its column holds. A key is for finding a record, never shown: texts whose keys
 * agree on their first KEY_LENGTH characters match the same lookups, where a longer key would not
 * fit its column at all. Only texts longer than a name reach it ("firstname realname", look-alike
 * keys where 'm' becomes 'rn'); the check costs one comparison on every other key.
 */
export function keyOfLength(key: string): string {
  // UTF-16 units are never fewer than characters: a key this short fits, counted either way.
  if (key.length <= KEY_LENGTH) return key;
  const characters = Array.from(key);
  return characters.length <= KEY_LENGTH ? key : characters.slice(0, KEY_LENGTH).join('');
}
