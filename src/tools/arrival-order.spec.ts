import { ArrivalOrder } from './arrival-order.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A piece of work that records when it starts and ends, and answers its name. */
const recorded = (events: string[], name: string, ms: number) => async () => {
  events.push(`start ${name}`);
  await pause(ms);
  events.push(`end ${name}`);
  return name;
};

describe('ArrivalOrder', () => {
  it('runs the work of one key one piece at a time, in the order it arrived, however long each takes', async () => {
    const order = new ArrivalOrder<number>();
    const events: string[] = [];
    const piece = (name: string, ms: number) => recorded(events, name, ms);
    const results = await Promise.all([order.run(1, piece('a', 30)), order.run(1, piece('b', 1)), order.run(1, piece('c', 10))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(order.busyKeys).toBe(0);
  });

  it('lets different keys run side by side', async () => {
    const order = new ArrivalOrder<number>();
    const events: string[] = [];
    const piece = (name: string, ms: number) => recorded(events, name, ms);
    await Promise.all([order.run(1, piece('one', 20)), order.run(2, piece('two', 1))]);
    expect(events).toEqual(['start one', 'start two', 'end two', 'end one']);
  });

  it('goes on after a failed piece, and hands the failure to its own caller only', async () => {
    const order = new ArrivalOrder<string>();
    const failed = order.run('k', () => Promise.reject(new Error('boom')));
    const next = order.run('k', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    await pause(0);
    expect(order.busyKeys).toBe(0);
  });
});
