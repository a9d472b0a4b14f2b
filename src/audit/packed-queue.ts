import { utf8BytesAtMost } from '../text/characters.js';

/** Bytes of one chunk: ~250 audit entries. An item longer than that gets a chunk of its own size. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** A run of items' lines in one buffer: read from `start`, written at `end`. */
interface Chunk {
  bytes: Buffer;
  start: number;
  end: number;
}

/**
 * A first-in, first-out queue whose items wait as lines of JSON (UTF-8, one item a line: JSON text
 * holds no raw newline) in buffers outside the JavaScript heap, each turned into JSON when queued
 * and back into an item when taken. Items that wait a while (the audit's entries, until their batch
 * is written) would otherwise survive the young generation's collections, which copy every live
 * object each time: a collection's pause grows with what waits, and every call in flight waits for
 * the pause (docs/design.md, "The audit"). The lines themselves can be handed over as they are
 * (takeLines: to the SQLite worker, which reads them).
 */
export class PackedQueue<T> {
  private readonly chunks: Chunk[] = [];
  private count = 0;

  constructor(
    private readonly toJson: (item: T) => unknown,
    private readonly fromJson: (value: unknown) => T,
  ) {}

  get length(): number {
    return this.count;
  }

  push(item: T): void {
    const text = JSON.stringify(this.toJson(item));
    const room = utf8BytesAtMost(text) + 1;
    let last = this.chunks[this.chunks.length - 1];
    if (!last || last.end + room > last.bytes.length) {
      last = { bytes: Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, room)), start: 0, end: 0 };
      this.chunks.push(last);
    }
    last.end += last.bytes.write(text, last.end, 'utf8');
    last.bytes[last.end++] = NEWLINE;
    this.count++;
  }

  /** The first `n` items (all there are when fewer), removed from the queue. */
  take(n: number): T[] {
    return this.itemsOf(this.takeLines(n));
  }

  /**
   * The lines of the first `n` items (all there are when fewer), removed from the queue, each ended
   * by a newline: a copy of its own, not a view of a shared buffer (a message to a thread copies a
   * view's whole buffer).
   */
  takeLines(n: number): Buffer {
    const runs: Array<{ bytes: Buffer; start: number; end: number }> = [];
    let size = 0;
    let taken = 0;
    while (taken < n && this.count > 0) {
      const chunk = this.chunks[0];
      let end = chunk.start;
      while (taken < n && end < chunk.end) {
        end = chunk.bytes.indexOf(NEWLINE, end) + 1;
        taken++;
        this.count--;
      }
      runs.push({ bytes: chunk.bytes, start: chunk.start, end });
      size += end - chunk.start;
      chunk.start = end;
      // Released, a chunk is written again only by a later push: its bytes stay as they are until copied below.
      if (chunk.start === chunk.end) this.release(chunk);
    }
    const lines = Buffer.allocUnsafeSlow(size);
    let at = 0;
    for (const run of runs) at += run.bytes.copy(lines, at, run.start, run.end);
    return lines;
  }

  /** The items of lines takeLines answered. */
  itemsOf(lines: Buffer): T[] {
    const items: T[] = [];
    for (let start = 0; start < lines.length;) {
      const end = lines.indexOf(NEWLINE, start);
      items.push(this.fromJson(JSON.parse(lines.toString('utf8', start, end))));
      start = end + 1;
    }
    return items;
  }

  /** Puts `items` back at the head of the queue, in their order (a batch that could not be written). */
  unshift(items: readonly T[]): void {
    if (items.length === 0) return;
    const head = new PackedQueue(this.toJson, this.fromJson);
    for (const item of items) head.push(item);
    this.chunks.unshift(...head.chunks);
    this.count += head.count;
  }

  /** An emptied chunk: the last one is kept and written again from its start; others are dropped. */
  private release(chunk: Chunk): void {
    if (this.chunks.length > 1) this.chunks.shift();
    else chunk.start = chunk.end = 0;
  }
}
