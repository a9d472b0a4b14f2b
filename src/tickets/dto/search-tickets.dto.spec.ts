import { MINE_WORDS, STATS_GROUP_WORDS } from '../../input/vocab/choice-words.js';
import { STATS_GROUPS } from '../stats/stats-groups.js';
import { MINE } from './search-tickets.dto.js';

describe('ticket_search choice words', () => {
  it('name only real values of mine and group_by', () => {
    expect(Object.keys(MINE_WORDS).sort()).toEqual([...MINE].sort());
    expect(Object.keys(STATS_GROUP_WORDS).sort()).toEqual([...STATS_GROUPS].sort());
  });
});
