import { afterNot, matchKey } from '../../text/normalize.js';

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

/** A flag's own words for its two states (FieldSpec.flagWords): what a model calls them, in both languages. */
export interface FlagWords {
  yes: readonly string[];
  no: readonly string[];
}

/** A user's is_active: "active"/"ativo" is true, "inactive"/"desativado" false. */
export const ACTIVE_WORDS: FlagWords = {
  yes: ['active', 'enabled', 'activated', 'ativo', 'ativa', 'habilitado', 'habilitada', 'ativado', 'ativada'],
  no: ['inactive', 'disabled', 'deactivated', 'inativo', 'inativa', 'desativado', 'desativada', 'desabilitado', 'desabilitada'],
};

/** An entry's is_private: "private"/"interno" is true, "public"/"público" false. */
export const PRIVATE_WORDS: FlagWords = {
  yes: ['private', 'internal', 'privado', 'privada', 'interno', 'interna'],
  no: ['public', 'publico', 'publica'],
};

/**
 * The value of a yes/no word, or of one of the flag's own words (`flag`), or the other value for
 * one of those after a word or sign for "not" ("not active", "não ativo": false); undefined for any
 * other text.
 */
export function booleanOfWord(text: string, flag?: FlagWords): boolean | undefined {
  const key = matchKey(text);
  const word = WORDS.get(key);
  if (word !== undefined || !flag) return word;
  const own = flagWord(key, flag);
  if (own !== undefined) return own;
  const negated = afterNot(text);
  const other = negated === undefined ? undefined : flagWord(matchKey(negated), flag);
  return other === undefined ? undefined : !other;
}

function flagWord(key: string, flag: FlagWords): boolean | undefined {
  return flag.yes.includes(key) ? true : flag.no.includes(key) ? false : undefined;
}

/**
 * A flag's value as sent: a boolean, 1 or 0 (as GLPI writes them; numbers or text), a yes/no word or
 * one of the flag's own words (booleanOfWord); undefined for anything else, left for the type check.
 */
export function flagValue(value: unknown, flag?: FlagWords): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = booleanOfWord(value, flag);
  if (word !== undefined) return word;
  const text = value.trim();
  return text === '1' ? true : text === '0' ? false : undefined;
}

/** A yes or a no as sent: a boolean or a word for one, not a number (an id, a count) nor its text. */
export function isFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  return typeof value === 'string' && !/^\s*\d+\s*$/.test(value) && flagValue(value) !== undefined;
}
