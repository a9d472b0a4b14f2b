import { matchKey } from '../text/normalize.js';
import type { FieldSpec } from './field-spec.js';

/** A choice's text with a word in it that names a true/false field of the same tool. */
export interface FlagInChoice {
  /** The true/false field the word names ("private" -> is_private). */
  flag: string;
  /** The text without that word ("private comment" -> "comment"). */
  rest: string;
}

/**
 * Models fold a flag into a choice ("private comment", "nota interna" for kind + is_private): the
 * flag a word of the text names, by the field's name or one of its aliases, and the text left
 * without it, for the caller to read as the choice. Undefined for one word, or where none names a flag.
 */
export function flagInChoice(text: string, specs: readonly FieldSpec[]): FlagInChoice | undefined {
  const words = text.split(/[\s_-]+/).filter(Boolean);
  if (words.length < 2) return undefined;
  const keys = words.map(matchKey);
  for (const spec of specs) {
    if (spec.kind !== 'bool') continue;
    const names = new Set([spec.name, ...(spec.aliases ?? [])].map(matchKey));
    const at = keys.findIndex((key) => names.has(key));
    if (at >= 0) return { flag: spec.name, rest: words.filter((_, i) => i !== at).join(' ') };
  }
  return undefined;
}
