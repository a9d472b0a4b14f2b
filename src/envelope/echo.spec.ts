import fc from 'fast-check';
import { echo, ECHO_LIMIT, quoted, textOf } from './echo.js';

describe('echo of values in answers', () => {
  it('keeps short values as they are', () => {
    expect(echo('Processing')).toBe('Processing');
    expect(echo(42)).toBe(42);
    expect(echo(null)).toBeNull();
    expect(echo({ a: 1 })).toBe('{"a":1}');
    expect(quoted(['x', 1])).toBe('["x",1]');
  });

  it('cuts long strings and objects to the limit, marking the cut', () => {
    const cut = echo('a'.repeat(1_000_000)) as string;
    expect(cut).toHaveLength(ECHO_LIMIT);
    expect(cut.endsWith('…')).toBe(true);
    expect((echo({ name: 'b'.repeat(500) }) as string).length).toBe(ECHO_LIMIT);
  });

  it('never throws, even on values nested too deep to serialize', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    expect(echo(deep)).toBe('object');
    expect(textOf([deep])).toBe('array');
    const hostile = {
      toJSON: () => {
        throw new Error('no');
      },
    };
    expect(quoted(hostile)).toBe('object');
  });

  it('is at most ECHO_LIMIT code points, never splits a pair, and is idempotent (property)', () => {
    // Well-formed text in, well-formed text out: a cut never leaves half of a surrogate pair.
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const once = echo(text) as string;
        return Array.from(once).length <= ECHO_LIMIT && !/\p{Cs}/u.test(once) && echo(once) === once;
      }),
    );
    const astral = '🙂'.repeat(200);
    const cut = echo(astral) as string;
    expect(Array.from(cut)).toHaveLength(ECHO_LIMIT);
    expect(/\p{Cs}/u.test(cut)).toBe(false);
  });
});
