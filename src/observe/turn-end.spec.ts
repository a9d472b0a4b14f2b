import { afterAnswers, answerAtTurnEnd } from './turn-end.js';

const endOfTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the end of a turn: answers, then bookkeeping', () => {
  it('writes the turn’s answers before its bookkeeping runs, whichever was asked for first', async () => {
    const ran: string[] = [];
    afterAnswers(() => ran.push('audit of call 1'));
    answerAtTurnEnd(() => ran.push('answer 1'));
    await Promise.resolve();
    afterAnswers(() => ran.push('audit of call 2'));
    answerAtTurnEnd(() => ran.push('answer 2'));
    expect(ran).toEqual([]);
    await endOfTurn();
    expect(ran).toEqual(['answer 1', 'answer 2', 'audit of call 1', 'audit of call 2']);
  });

  it('writes the answers made in one turn together, after the turn, in the order they were made', async () => {
    const written: string[] = [];
    answerAtTurnEnd(() => written.push('a'));
    answerAtTurnEnd(() => written.push('b'));
    expect(written).toEqual([]);
    await Promise.resolve();
    answerAtTurnEnd(() => written.push('c'));
    expect(written).toEqual([]);
    await endOfTurn();
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('writes a later turn’s answers with that turn', async () => {
    const written: string[] = [];
    answerAtTurnEnd(() => written.push('first'));
    await endOfTurn();
    answerAtTurnEnd(() => written.push('second'));
    expect(written).toEqual(['first']);
    await endOfTurn();
    expect(written).toEqual(['first', 'second']);
  });

  it('runs what is asked for during the end of a turn at the end of the next', async () => {
    const ran: string[] = [];
    answerAtTurnEnd(() => afterAnswers(() => ran.push('asked by an answer')));
    afterAnswers(() => answerAtTurnEnd(() => ran.push('asked by bookkeeping')));
    await endOfTurn();
    expect(ran).toEqual(['asked by an answer']);
    await endOfTurn();
    expect(ran).toEqual(['asked by an answer', 'asked by bookkeeping']);
  });

  it('runs the rest when a task throws', async () => {
    const ran: string[] = [];
    answerAtTurnEnd(() => {
      throw new Error('socket gone');
    });
    afterAnswers(() => {
      throw new Error('metrics broken');
    });
    answerAtTurnEnd(() => ran.push('the next answer'));
    afterAnswers(() => ran.push('log line'));
    await endOfTurn();
    expect(ran).toEqual(['the next answer', 'log line']);
  });
});
