import { TICKET_STATUS, TICKET_STATUS_GROUPS } from './glpi-vocabularies.js';
import { codesOfParts, type ListPart, listPartOf } from './list-parts.js';

const part = (value: unknown) => listPartOf(TICKET_STATUS, TICKET_STATUS_GROUPS, value);
const codesOf = (values: unknown[]) => codesOfParts(TICKET_STATUS.codes, values.map(part) as ListPart[]);

describe('listPartOf', () => {
  it('reads a value of a list as the filter reads it alone, and says whether it leaves values out', () => {
    expect(part('Pending')).toEqual({ codes: [4], narrows: false });
    expect(part('open')).toEqual({ codes: [1, 2, 3, 4], narrows: false });
    expect(part('not closed')).toEqual({ codes: [1, 2, 3, 4, 5], narrows: true });
    expect(part('exceto pendente')).toEqual({ codes: [1, 2, 3, 5, 6], narrows: true });
    expect(part('!new')).toEqual({ codes: [2, 3, 4, 5, 6], narrows: true });
    expect(part('not 6')).toEqual({ codes: [1, 2, 3, 4, 5], narrows: true });
    expect(part('unclosed')).toEqual({ codes: [1, 2, 3, 4, 5], narrows: true, eitherWay: true });
    expect(part('Unsolved')).toEqual({ codes: [1, 2, 3, 4], narrows: true, eitherWay: true });
    // After "not", a group's word is read before a value's ("open" alone is the group, not New).
    expect(part('not open')).toEqual({ codes: [5, 6], narrows: true });
    expect(part('não abertos')).toEqual({ codes: [5, 6], narrows: true });
    expect(part('not done')).toEqual({ codes: [1, 2, 3, 4], narrows: true });
    expect(part('not unsolved')).toEqual({ codes: [5, 6], narrows: true });
    expect(part('not soon')).toBeUndefined();
    expect(part('soon')).toBeUndefined();
  });
});

describe('codesOfParts', () => {
  it('widens by the values named and narrows by those left out: neither, never either', () => {
    expect(codesOf(['New', 'Pending'])).toEqual([1, 4]);
    expect(codesOf(['not solved', 'not closed'])).toEqual([1, 2, 3, 4]);
    expect(codesOf(['not new', 'not pending'])).toEqual([2, 3, 5, 6]);
    expect(codesOf(['open', 'not pending'])).toEqual([1, 2, 3]);
    expect(codesOf(['unsolved', 'unclosed'])).toEqual([1, 2, 3, 4]);
    expect(codesOf(['unsolved', 'not pending'])).toEqual([1, 2, 3]);
    // Beside a value named, a word that says "not" in itself names its values too: either of them.
    expect(codesOf(['closed', 'unsolved'])).toEqual([1, 2, 3, 4, 6]);
    expect(codesOf(['not open', 'not closed'])).toEqual([5]);
    expect(codesOf(['new', 'not new'])).toEqual([]);
  });
});
