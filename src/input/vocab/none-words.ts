import { matchKey } from '../../text/normalize.js';

/** The words for no one, in English and Brazilian Portuguese, compared without case or accents. */
const WORDS: ReadonlySet<string> = new Set(
  [
    'none',
    'nobody',
    'no one',
    'noone',
    'unassigned',
    'not assigned',
    'nenhum',
    'nenhuma',
    'ninguem',
    'sem responsavel',
    'sem atribuicao',
    'nao atribuido',
    'nao atribuida',
  ].map(matchKey),
);

/** True when `value` is a word for no one ("none", "unassigned", "ninguém"). */
export function isNoneWord(value: unknown): boolean {
  return typeof value === 'string' && WORDS.has(matchKey(value));
}
