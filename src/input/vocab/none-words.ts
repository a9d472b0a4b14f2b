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
  return isWordOf(WORDS, value);
}

/** The words for anyone, in English and Brazilian Portuguese: a filter for at least one actor in the role. */
const ANYONE_WORDS: ReadonlySet<string> = new Set(
  ['any', 'anyone', 'anybody', 'someone', 'somebody', 'any one', 'alguem', 'qualquer', 'qualquer um', 'qualquer uma', 'qualquer pessoa'].map(matchKey),
);

/** True when `value` is a word for anyone ("anyone", "someone", "alguém"). */
export function isAnyoneWord(value: unknown): boolean {
  return isWordOf(ANYONE_WORDS, value);
}

function isWordOf(words: ReadonlySet<string>, value: unknown): boolean {
  return typeof value === 'string' && words.has(matchKey(value));
}
