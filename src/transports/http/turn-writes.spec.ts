import { TurnWrites } from './turn-writes.js';

const endOfTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('answers written at the end of the turn', () => {
  it('writes the answers made in one turn together, after the turn, in the order they were made', async () => {
    const written: string[] = [];
    const writes = new TurnWrites(() => undefined);
    writes.write(() => written.push('a'));
    writes.write(() => written.push('b'));
    expect(written).toEqual([]);
    await Promise.resolve();
    writes.write(() => written.push('c'));
    expect(written).toEqual([]);
    await endOfTurn();
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('writes a later turn’s answers with that turn', async () => {
    const written: string[] = [];
    const writes = new TurnWrites(() => undefined);
    writes.write(() => written.push('first'));
    await endOfTurn();
    writes.write(() => written.push('second'));
    expect(written).toEqual(['first']);
    await endOfTurn();
    expect(written).toEqual(['first', 'second']);
  });

  it('writes the rest of a burst when one write throws, and says which failed', async () => {
    const written: string[] = [];
    const failures: unknown[] = [];
    const writes = new TurnWrites((error) => failures.push(error));
    writes.write(() => {
      throw new Error('socket gone');
    });
    writes.write(() => written.push('after'));
    await endOfTurn();
    expect(written).toEqual(['after']);
    expect(failures).toEqual([new Error('socket gone')]);
  });
});
