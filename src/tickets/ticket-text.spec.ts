import { grams, spread } from './ticket-text.js';

describe('ticket text slices', () => {
  it('cuts a query into its distinct lower-cased trigrams', () => {
    expect(grams(Array.from('#500000'))).toEqual(['#50', '500', '000']);
    expect(grams(Array.from('AÇão'))).toEqual(['açã', 'ção']);
  });

  it('spreads a choice over the query, first and last included', () => {
    expect(spread(['imp', 'mpr', 'pre', 'res', 'ess', 'ssr', 'sor', 'ora'], 3)).toEqual(['imp', 'ess', 'ora']);
    expect(spread(['#50', '500', '000'], 3)).toEqual(['#50', '500', '000']);
    expect(spread(['abc'], 3)).toEqual(['abc']);
  });
});
