import { PackedQueue } from './packed-queue.js';

interface Item {
  n: number;
  text: string | null;
}

const queue = (): PackedQueue<Item> =>
  new PackedQueue<Item>(
    (item) => [item.n, item.text],
    (value) => {
      const [n, text] = value as [number, string | null];
      return { n, text };
    },
  );

const items = (from: number, count: number, text = (n: number): string | null => `item ${n}`): Item[] =>
  Array.from({ length: count }, (_, i) => ({ n: from + i, text: text(from + i) }));

describe('PackedQueue', () => {
  it('gives items back first in, first out, however they are taken', () => {
    const q = queue();
    for (const item of items(0, 10)) q.push(item);
    expect(q.length).toBe(10);
    expect(q.take(3)).toEqual(items(0, 3));
    expect(q.itemsOf(q.takeLines(4))).toEqual(items(3, 4));
    expect(q.take(100)).toEqual(items(7, 3));
    expect(q.length).toBe(0);
    expect(q.take(1)).toEqual([]);
    // Emptied, it is written again from the start.
    q.push({ n: 99, text: null });
    expect(q.take(1)).toEqual([{ n: 99, text: null }]);
  });

  it('keeps every text as it was: newlines, quotes, accents, emoji and lone surrogates', () => {
    const texts = ['two\nlines\r\n', 'a "quoted" \\ path', 'Requisição às 9h', 'ok 👍🏽', 'half \ud83d', '\u2028\u2029', ''];
    const q = queue();
    texts.forEach((text, n) => q.push({ n, text }));
    const lines = q.takeLines(texts.length);
    // One line an item: the JSON of a text never holds a raw newline.
    expect(lines.toString('utf8').split('\n')).toHaveLength(texts.length + 1);
    expect(q.itemsOf(lines).map((item) => item.text)).toEqual(texts.map((text) => JSON.parse(JSON.stringify(text)) as string));
  });

  it('spans many buffers, an item longer than one included, and takes lines across them in order', () => {
    const q = queue();
    const long = 'x'.repeat(200_000);
    const all = [...items(0, 2000), { n: 2000, text: long }, ...items(2001, 2000, (n) => `ü${n}`.repeat(20))];
    for (const item of all) q.push(item);
    expect(q.length).toBe(all.length);
    const first = q.takeLines(1500);
    expect(q.itemsOf(first)).toEqual(all.slice(0, 1500));
    expect(q.take(1000)).toEqual(all.slice(1500, 2500));
    expect(q.take(all.length)).toEqual(all.slice(2500));
  });

  it('answers lines in a buffer of their own, so that a message to a thread copies them and nothing else', () => {
    const q = queue();
    for (const item of items(0, 5)) q.push(item);
    const lines = q.takeLines(2);
    expect(lines.byteOffset).toBe(0);
    expect(lines.buffer.byteLength).toBe(lines.length);
    expect(lines.toString('utf8')).toBe('[0,"item 0"]\n[1,"item 1"]\n');
  });

  it('puts items back at its head, ahead of those queued after them, in their order', () => {
    const q = queue();
    for (const item of items(0, 6)) q.push(item);
    const taken = q.take(4);
    q.push({ n: 6, text: 'late' });
    q.unshift(taken.slice(1));
    expect(q.length).toBe(3 + 3);
    expect(q.take(10)).toEqual([...items(1, 3), ...items(4, 2), { n: 6, text: 'late' }]);
  });
});
