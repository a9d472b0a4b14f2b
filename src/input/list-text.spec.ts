import { eachLeftOut, listWrittenIn } from './list-text.js';

describe('listWrittenIn', () => {
  it('splits a list written as one text, and leaves one value alone', () => {
    expect(listWrittenIn('Solved, Closed')).toEqual(['Solved', 'Closed']);
    expect(listWrittenIn('novo ou pendente')).toEqual(['novo', 'pendente']);
    expect(listWrittenIn('Pending')).toBeUndefined();
  });
});

describe('eachLeftOut', () => {
  it('puts the word for "not" before a list before each of its values, as each is written alone', () => {
    expect(eachLeftOut('not new, pending')).toEqual(['not new', 'not pending']);
    expect(eachLeftOut('!tech and maria')).toEqual(['not tech', 'not maria']);
    expect(eachLeftOut('exceto novo e pendente')).toEqual(['exceto novo', 'exceto pendente']);
    expect(eachLeftOut('não solucionados ou fechados')).toEqual(['não solucionados', 'não fechados']);
    expect(eachLeftOut('neither new nor pending')).toEqual(['neither new', 'neither pending']);
    expect(eachLeftOut('nem tech nem maria')).toEqual(['nem tech', 'nem maria']);
  });

  it('keeps the word a value has of its own, and answers nothing for one value or a list without the word first', () => {
    expect(eachLeftOut('not solved and not closed')).toEqual(['not solved', 'not closed']);
    expect(eachLeftOut('not new')).toBeUndefined();
    expect(eachLeftOut('open, not pending')).toBeUndefined();
    expect(eachLeftOut('New, Pending')).toBeUndefined();
  });
});
