import { matchKey } from '../../text/normalize.js';
import { type ChoiceWords, MINE_WORDS, otherNumberOf, STATS_GROUP_WORDS, wordIndex, wordTexts } from './choice-words.js';

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

describe('projection names written in the other number', () => {
  const values = [
    'id',
    'name',
    'requester_id',
    'requesters',
    'observers',
    'assignee_id',
    'assignee_group_id',
    'assignees',
    'date',
    'date_mod',
    'timeline',
    'links',
    'project_tasks',
  ];

  it('reads a singular or plural spelling of exactly one name as that name', () => {
    expect(otherNumberOf('project_task', values)).toBe('project_tasks');
    expect(otherNumberOf('link', values)).toBe('links');
    expect(otherNumberOf('observer', values)).toBe('observers');
    expect(otherNumberOf('timelines', values)).toBe('timeline');
  });

  it('reads nothing when another name shares the stem, or the spelling is not a number away', () => {
    expect(otherNumberOf('requester', values)).toBeUndefined(); // requester_id or requesters?
    expect(otherNumberOf('assignee', values)).toBeUndefined();
    expect(otherNumberOf('dates', values)).toBeUndefined(); // date or date_mod?
    expect(otherNumberOf('project_taks', values)).toBeUndefined(); // a misspelling: suggested, never read
    expect(otherNumberOf('Links', values)).toBeUndefined();
    expect(otherNumberOf('s', values)).toBeUndefined();
  });
});

describe('wordTexts', () => {
  it('gives each word with the value it stands for, and nothing for no words', () => {
    expect(wordTexts({ urgency: ['urgencia'], impact: ['impacto', 'impact level'] })).toEqual([
      ['urgencia', 'urgency'],
      ['impacto', 'impact'],
      ['impact level', 'impact'],
    ]);
    expect(wordTexts(undefined)).toEqual([]);
  });
});
