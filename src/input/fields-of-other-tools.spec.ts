import { FieldsOfOtherTools, otherToolFor } from './fields-of-other-tools.js';

@FieldsOfOtherTools({ fields: ['solution'], sentence: 'solve with the other tool.' }, { fields: ['due_date', 'link'], sentence: 'link with the third.' })
class Shared {}

@FieldsOfOtherTools({ fields: ['comment'], sentence: 'comment with the other tool.' }, { fields: ['link'], sentence: 'link there instead.' })
class Update extends Shared {}

class Plain {}

@FieldsOfOtherTools({ fields: ['assigned'], sentence: 'filter by assignee_id any.', whenFlag: true })
class Flagged {}

describe('fields of other tools', () => {
  it('names the call for a field as a model writes it, in any case and with spaces or dashes for underscores', () => {
    expect(otherToolFor(Shared, 'Solution')).toBe('solve with the other tool.');
    expect(otherToolFor(Shared, 'Due-Date')).toBe('link with the third.');
    expect(otherToolFor(Shared, 'due date')).toBe('link with the third.');
    expect(otherToolFor(Shared, 'comment')).toBeUndefined();
  });

  it('adds a subclass’s fields to its parent’s, its own sentence first, and leaves the parent as it was', () => {
    expect(otherToolFor(Update, 'solution')).toBe('solve with the other tool.');
    expect(otherToolFor(Update, 'comment')).toBe('comment with the other tool.');
    expect(otherToolFor(Update, 'link')).toBe('link there instead.');
    expect(otherToolFor(Shared, 'link')).toBe('link with the third.');
  });

  it('names the call for a key declared whenFlag only when a flag came with it, else leaves the key to its suggestion', () => {
    for (const value of [true, false, 'true', 'yes', 'sim', 'no'])
      expect([value, otherToolFor(Flagged, 'assigned', value)]).toEqual([value, 'filter by assignee_id any.']);
    for (const value of ['tech', 1, 0, '1', null, undefined]) expect([value, otherToolFor(Flagged, 'assigned', value)]).toEqual([value, undefined]);
  });

  it('names nothing for a class that declares nothing, or for no class', () => {
    expect(otherToolFor(Plain, 'solution')).toBeUndefined();
    expect(otherToolFor(undefined, 'solution')).toBeUndefined();
  });
});
