/**
 * A value now, or a promise of it: what a read answers on SQLite (better-sqlite3 runs a statement
 * at once) and on MySQL/MariaDB (a pooled connection answers later). Code on the path every call
 * takes passes such values on without a promise of its own, so a call on SQLite makes none of them:
 * each promise is an allocation and each await a turn of the microtask queue.
 */
export type Maybe<T> = T | Promise<T>;

/** `next` of `value`: at once when it is there, when it settles when it is a promise. */
export function andThen<T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

type Settled<T extends readonly unknown[]> = { -readonly [K in keyof T]: PromiseSettledResult<Awaited<T[K]>> };

/**
 * What `Promise.allSettled` answers for the values `starts` produce, each started in turn (one that
 * throws is rejected, and the others still start): at once when none of them is a promise, else a
 * promise of them all settled. No start's failure goes unobserved.
 */
export function settleAll<T extends readonly unknown[]>(starts: { readonly [K in keyof T]: () => T[K] }): Maybe<Settled<T>> {
  const results: Array<PromiseSettledResult<unknown> | Promise<unknown>> = [];
  let pending = false;
  for (const start of starts as ReadonlyArray<() => unknown>) {
    try {
      const value = start();
      if (value instanceof Promise) {
        pending = true;
        results.push(value);
      } else results.push({ status: 'fulfilled', value });
    } catch (reason) {
      results.push({ status: 'rejected', reason });
    }
  }
  if (!pending) return results as unknown as Settled<T>;
  const settled = results.map((r) => (r instanceof Promise ? r.then(fulfilled, rejected) : Promise.resolve(r)));
  return Promise.all(settled) as unknown as Promise<Settled<T>>;
}

function fulfilled(value: unknown): PromiseSettledResult<unknown> {
  return { status: 'fulfilled', value };
}

function rejected(reason: unknown): PromiseSettledResult<unknown> {
  return { status: 'rejected', reason };
}
