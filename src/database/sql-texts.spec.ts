import { placeholders, SqlTexts } from './sql-texts.js';

describe('placeholders', () => {
  it('joins as many placeholders as asked, none for zero', () => {
    expect(placeholders(1)).toBe('?');
    expect(placeholders(3)).toBe('?, ?, ?');
    expect(placeholders(0)).toBe('');
  });

  it('answers a list it kept as the same string, and writes a long one each time alike', () => {
    expect(placeholders(4)).toBe(placeholders(4));
    const long = placeholders(1000);
    expect(long.split(', ')).toHaveLength(1000);
    expect(placeholders(1000)).toBe(long);
  });
});

describe('SqlTexts', () => {
  it('writes a text once per part and answers it again for an equal part built anew', () => {
    const written: string[] = [];
    const texts = new SqlTexts((part) => {
      written.push(part);
      return `SELECT 1 WHERE ${part}`;
    });
    const first = texts.of('t.a = ?');
    const again = texts.of(['t.a', '= ?'].join(' '));
    expect(first).toBe('SELECT 1 WHERE t.a = ?');
    expect(again).toBe(first);
    expect(texts.of('t.b = ?')).toBe('SELECT 1 WHERE t.b = ?');
    expect(written).toEqual(['t.a = ?', 't.b = ?']);
  });

  it('keeps answering the right text past the number of texts it keeps', () => {
    const texts = new SqlTexts((part) => `SELECT ${part}`);
    for (let i = 0; i < 1000; i++) expect(texts.of(String(i))).toBe(`SELECT ${String(i)}`);
    expect(texts.of('7')).toBe('SELECT 7');
  });
});
