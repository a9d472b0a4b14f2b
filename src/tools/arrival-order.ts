/**
 * Runs work one piece at a time per key, in the order `run` was called. A key's queue is dropped
 * when it empties, so idle keys cost nothing. A failed piece does not stop the ones behind it.
 */
export class ArrivalOrder<K> {
  private readonly tails = new Map<K, Promise<void>>();

  run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(work) : work();
    const tail = result.then(settled, settled);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests and metrics). */
  get busyKeys(): number {
    return this.tails.size;
  }
}

function settled(): void {}
