import { Logger } from '@nestjs/common';
import { errorDetail } from './error-detail.js';

/**
 * The end of the event loop's turn, in two parts: first the answers made during the turn are
 * written, together, in the order they were made; then the bookkeeping of the calls that ended in
 * it runs (their audit entries, metrics and log lines). Both run in the turn's check phase, before
 * the loop polls again. Work asked for while its own part runs waits for the next turn; bookkeeping
 * an answer asks for runs after this turn's answers.
 *
 * Answers together: a client waiting for its answer sleeps, and the write that hands it the answer
 * pays for waking it (on a virtual machine, an interrupt between processors that exits to the
 * hypervisor). Under load a turn serves several requests, one after the other; answers written one
 * by one, each before the next request's work, wake a client — a load generator, a proxy or a
 * gateway on the same host — once per answer, while in one burst the first write wakes it and it
 * finds the others ready. An answer waits at most for the rest of the turn it was made in (the
 * other requests that turn serves), never for another request's I/O; a request served alone is
 * answered in the same turn, a few microseconds later.
 *
 * Bookkeeping after them: a client waits for its answer, not for the bookkeeping of its call. Done
 * before the write, it sat on every answer's latency, tens of microseconds of a one-connection
 * cycle of a few hundred; after it, it runs while the answer travels to the client and the client
 * makes its next request. A request that follows an answer still finds that call counted and its
 * audit entry buffered.
 */
type Task = () => void;

const answers: Task[] = [];
const bookkeeping: Task[] = [];
let due = false;
const logger = new Logger('TurnEnd');

/** Runs `write` at the end of this turn, after the answers made before it and before the turn's bookkeeping. */
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
