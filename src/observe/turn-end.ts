import { Logger } from '@nestjs/common';
import { errorDetail } from './error-detail.js';

/**
 * The end of the event loop's turn, in two parts: first the answers made during the turn are
 * written (TurnWrites), then the bookkeeping of the calls that ended in it runs (their audit
 * entries, metrics and log lines).
 *
 * Why: a client waits for its answer, not for the bookkeeping of its call. Done before the write,
 * the bookkeeping sat on every answer's latency, tens of microseconds of a one-connection cycle
 * of a few hundred; done after it, it runs while the answer travels to the client and the client
 * makes its next request. Both parts run in the turn's check phase, before the loop polls again,
 * so a request that follows an answer finds the bookkeeping of that answer's call done (its
 * metrics counted, its audit entry buffered). What a task asks for meanwhile waits for the next turn.
 */
type Task = () => void;

const answers: Task[] = [];
const bookkeeping: Task[] = [];
let due = false;
const logger = new Logger('TurnEnd');

/** Runs `write` at the end of this turn, before the turn's bookkeeping. */
export function answerAtTurnEnd(write: Task): void {
  answers.push(write);
  endThisTurn();
}

/** Runs `task` at the end of this turn, once the turn's answers are written. */
export function afterAnswers(task: Task): void {
  bookkeeping.push(task);
  endThisTurn();
}

function endThisTurn(): void {
  if (due) return;
  due = true;
  setImmediate(endTurn);
}

function endTurn(): void {
  due = false;
  runQueued(answers);
  runQueued(bookkeeping);
}

/** Runs the tasks queued so far, in order; one that throws is reported and the others still run. */
function runQueued(queue: Task[]): void {
  for (const task of queue.splice(0)) {
    try {
      task();
    } catch (error) {
      logger.error(`Work at the end of a turn failed: ${errorDetail(error)}`);
    }
  }
}
