import { matchKey } from '../../text/normalize.js';
import { type ChoiceWords, MINE_WORDS, STATS_GROUP_WORDS, wordIndex } from './choice-words.js';

describe.each([
  ['mine', MINE_WORDS],
  ['group_by', STATS_GROUP_WORDS],
] as Array<[string, ChoiceWords]>)('%s words', (_name, words) => {
  it('gives each word one meaning, never another value', () => {
    const values = new Set(Object.keys(words).map(matchKey));
    const seen = new Map<string, string>();
    for (const [value, list] of Object.entries(words)) {
      for (const word of list) {
        const key = matchKey(word);
        expect(values.has(key) ? `${word} is a value` : key).toBe(key);
        expect(seen.get(key) ?? value).toBe(value);
        seen.set(key, value);
      }
    }
  });

  it('reads a word whatever its case and accents', () => {
    const index = wordIndex(words);
    for (const [value, list] of Object.entries(words)) {
      for (const word of list) expect(index.get(matchKey(word.toUpperCase()))).toBe(value);
    }
  });
});
