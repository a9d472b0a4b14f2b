import { andThen, settleAll } from './maybe.js';

describe('maybe', () => {
  it('andThen applies next at once to a value, and after it settles to a promise', async () => {
    expect(andThen(2, (n) => n * 10)).toBe(20);
    const later = andThen(Promise.resolve(2), (n) => n * 10);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(20);
    await expect(andThen(Promise.reject(new Error('read failed')), (n: number) => n)).rejects.toThrow('read failed');
  });

  it('settleAll answers values and throws at once, settled as Promise.allSettled would, and starts every one', () => {
    const started: string[] = [];
    const failure = new Error('no such table');
    const settled = settleAll([
      () => {
        started.push('row');
        return { id: 1 };
      },
      () => {
        started.push('actors');
        throw failure;
      },
      () => {
        started.push('links');
        return undefined;
      },
    ]);
    expect(settled).not.toBeInstanceOf(Promise);
    expect(started).toEqual(['row', 'actors', 'links']);
    expect(settled).toEqual([
      { status: 'fulfilled', value: { id: 1 } },
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: undefined },
    ]);
  });

  it('settleAll answers a promise of them all settled, in order, when one is a promise', async () => {
    const failure = new Error('lost connection');
    const settled = settleAll([
      () => Promise.resolve('later'),
      () => 'now',
      () => {
        throw failure;
      },
      () => Promise.reject(failure),
    ]);
    expect(settled).toBeInstanceOf(Promise);
    expect(await settled).toEqual([
      { status: 'fulfilled', value: 'later' },
      { status: 'fulfilled', value: 'now' },
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
  });
});
