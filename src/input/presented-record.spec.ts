import { otherNameIssue, presentedRecord, sameName } from './presented-record.js';

describe('a record sent as the answers present it', () => {
  it.each([
    [
      { id: 2, name: 'Processing' },
      { value: 2, nameBeside: 'Processing' },
    ],
    [
      { id: '7', name: 'tech', type: 'user' },
      { value: '7', nameBeside: 'tech' },
    ],
    [{ id: 3 }, { value: 3 }],
    [{ name: 'Hardware' }, { value: 'Hardware' }],
    [{ id: 3, name: 42 }, { value: 3 }],
  ])('stands for its id, else its name: %j', (sent, expected) => {
    expect(presentedRecord(sent, 255)).toEqual(expected);
  });

  it.each([[null], [[1]], ['Hardware'], [4], [{ code: 1 }], [{ id: null, name: null }], [{ id: 1, name: 'x'.repeat(256) }]])('is not read from %j', (sent) => {
    expect(presentedRecord(sent, 255)).toBeUndefined();
  });

  it('compares the name beside an id as names are compared', () => {
    expect(sameName('  processing ', 'Processing')).toBe(true);
    expect(sameName('Manutenção', 'manutencao')).toBe(true);
    expect(sameName('Software', 'Hardware')).toBe(false);
  });

  it('says which record the id is, and asks which was meant', () => {
    expect(otherNameIssue('itilcategories_id', 1, 'Software', 'Hardware', false)).toEqual({
      field: 'itilcategories_id',
      code: 'INVALID_VALUE',
      received: '{"id":1,"name":"Software"}',
      message: "itilcategories_id names record 1 and 'Software', and record 1 is 'Hardware': send the id or the name of the one you mean.",
    });
    expect(otherNameIssue('status', 2, 'Pending', 'Processing (assigned)', true).message).toBe(
      "status names value 2 and 'Pending', and value 2 is 'Processing (assigned)': send the code or the label of the one you mean.",
    );
  });
});
