/**
 * Statement texts answered as the same string each time they are asked for again. A text built anew
 * on every call is a new string: finding its prepared statement (sqlite-statements.ts) then hashes
 * it and compares it character by character with the cached one. The same string carries its hash
 * and compares by identity, so a call's statements are found for the cost of a pointer comparison.
 */

/** Lists of `?` kept: longer ones (large id lists, rare) are written each time. */
const MAX_KEPT_PLACEHOLDERS = 256;
const placeholderLists: string[] = [];

/** `?, ?, …`: `count` placeholders joined by commas (an IN list, a row of VALUES). */
export function placeholders(count: number): string {
  const kept = placeholderLists[count];
  if (kept !== undefined) return kept;
  const list = Array.from({ length: count }, () => '?').join(', ');
  if (count <= MAX_KEPT_PLACEHOLDERS) placeholderLists[count] = list;
  return list;
}

/** Texts one statement site keeps; past it the kept texts are dropped (a scope's shape rarely varies). */
const MAX_TEXTS_PER_SITE = 200;

/**
 * The texts of one statement, which vary with one part only (a visibility condition, a list of
 * placeholders): `of(part)` writes the text once per part and answers that same string afterwards.
 * The part itself should be a string kept the same way (a remembered condition, `placeholders`), so
 * that finding its text here also costs no hashing.
 */
export class SqlTexts {
  private readonly texts = new Map<string, string>();

  constructor(private readonly write: (part: string) => string) {}

  of(part: string): string {
    let text = this.texts.get(part);
    if (text === undefined) {
      text = this.write(part);
      if (this.texts.size >= MAX_TEXTS_PER_SITE) this.texts.clear();
      this.texts.set(part, text);
    }
    return text;
  }
}
