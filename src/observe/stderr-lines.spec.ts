import { type ByteDestination, HeldLines, StderrLines } from './stderr-lines.js';

describe('HeldLines', () => {
  it('holds lines in their order and gives them back as one piece of UTF-8 bytes', () => {
    const held = new HeldLines(1024);
    const lines = ['{"msg":"call"}\n', '{"msg":"ação 🎫"}\n', '{"msg":"fim"}\n'];
    for (const line of lines) expect(held.add(line)).toBe(true);
    expect(held.size).toBe(Buffer.byteLength(lines.join(''), 'utf8'));
    const piece = held.take();
    expect(piece?.toString('utf8')).toBe(lines.join(''));
    expect(held.size).toBe(0);
    expect(held.take()).toBeUndefined();
  });

  it('keeps a piece it gave unchanged by the lines held after it (the destination may still be writing it)', () => {
    const held = new HeldLines(64);
    held.add('first\n');
    const piece = held.take()!;
    held.add('second\n');
    expect(piece.toString('utf8')).toBe('first\n');
    expect(held.take()?.toString('utf8')).toBe('second\n');
  });

  it('refuses a line that might not fit, holding nothing of it, and one over a third of its room at all', () => {
    const held = new HeldLines(30);
    expect(held.add('a'.repeat(8))).toBe(true); // 8 bytes, 24 reserved at most
    expect(held.add('b'.repeat(8))).toBe(false); // 8 + 24 > 30, though 16 bytes would fit
    expect(held.size).toBe(8);
    expect(held.take()?.toString('utf8')).toBe('a'.repeat(8));
    expect(held.add('c'.repeat(10))).toBe(true); // exactly a third
    held.take();
    expect(held.add('d'.repeat(11))).toBe(false);
    expect(held.take()).toBeUndefined();
  });
});

describe('StderrLines', () => {
  /** A destination that keeps each piece it is given, as text. */
  function pieces(): { destination: ByteDestination; got: string[] } {
    const got: string[] = [];
    return { got, destination: { write: (bytes) => (got.push(bytes.toString('utf8')), true), flush: (callback) => callback?.(), flushSync: () => undefined } };
  }
  const line = (n: number, size = 200) => `{"msg":"call","n":${n},"pad":"${'é'.repeat(size)}"}\n`;

  it('holds lines until a batch is full, then hands them over as one piece, in order', () => {
    const { destination, got } = pieces();
    const lines = new StderrLines(destination);
    const written: string[] = [];
    let n = 0;
    while (got.length === 0) {
      written.push(line(n++));
      lines.write(written[written.length - 1]);
    }
    expect(got).toHaveLength(1);
    expect(got[0]).toBe(written.join(''));
    expect(Buffer.byteLength(got[0])).toBeGreaterThanOrEqual(32 * 1024);
    lines.write(line(n));
    lines.flushSync();
    expect(got).toEqual([written.join(''), line(n)]);
  });

  it('writes a line longer than a batch on its own, after the lines held before it', () => {
    const { destination, got } = pieces();
    const lines = new StderrLines(destination);
    const long = line(1, 30_000);
    lines.write(line(0));
    lines.write(long);
    lines.write(line(2));
    lines.flushSync();
    expect(got).toEqual([line(0), long, line(2)]);
  });
});
