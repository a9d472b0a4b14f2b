import { HeldLines, StderrLines } from './stderr-lines.js';
import type { BatchSink } from './stderr-thread.js';

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

  it('holds the next lines in the room of the piece it gave (its sink has copied or written it)', () => {
    const held = new HeldLines(64);
    held.add('first\n');
    const piece = held.take()!;
    expect(piece.toString('utf8')).toBe('first\n');
    held.add('second\n');
    const next = held.take()!;
    expect(next.toString('utf8')).toBe('second\n');
    expect(next.buffer).toBe(piece.buffer);
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
  /** A sink that keeps each piece it is given, as text. */
  function pieces(): { destination: BatchSink; got: string[] } {
    const got: string[] = [];
    const keep = (bytes: Buffer | undefined): void => {
      if (bytes) got.push(bytes.toString('utf8'));
    };
    return { got, destination: { write: keep, writeNow: keep, drained: () => Promise.resolve(), droppedLines: 0 } };
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
