import { matchKey } from '../../text/normalize.js';

/**
 * The words a boolean field takes as text, in English and Brazilian Portuguese, as enums take their
 * labels in both (SPEC §2): "true"/"false", "yes"/"no", "sim"/"não", "verdadeiro"/"falso", in any
 * case and with or without accents. Each word means one value; anything else ("y", "talvez") is
 * left to the type check, which refuses it (1 and 0 are read by the input parser, as GLPI writes them).
 */
const WORDS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['false', false],
  ['yes', true],
  ['no', false],
  ['sim', true],
  ['nao', false],
  ['verdadeiro', true],
  ['falso', false],
]);

export function booleanOfWord(text: string): boolean | undefined {
  return WORDS.get(matchKey(text));
}
