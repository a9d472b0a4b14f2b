import { answerAtTurnEnd } from '../../observe/turn-end.js';

/**
 * Writes the answers made in one turn of the event loop together, at the end of that turn, rather
 * than each the moment it is ready.
 *
 * Why: a client waiting for its answer sleeps, and the write that hands it the answer pays for
 * waking it (on a virtual machine, an interrupt between processors that exits to the hypervisor).
 * Under load a turn serves several requests, one after the other; answers written one by one, each
 * before the next request's work, wake a client — a load generator, a proxy or a gateway on the
 * same host — once per answer, while in one burst the first write wakes it and it finds the others
 * ready. An answer waits at most for the rest of the turn it was made in (the other requests that
 * turn serves), never for another request's I/O: the burst is written in the turn's check phase,
 * before the loop polls again, ahead of the turn's bookkeeping (turn-end.ts). A request served
 * alone is answered in the same turn, a few microseconds later.
 */
export class TurnWrites {
  private readonly due: Array<() => void> = [];

  /** @param failed Told of a write that threw; the others are still written. */
  constructor(private readonly failed: (error: unknown) => void) {}

  /** `write` runs with the turn's burst, after the answers made before it. */
  write(write: () => void): void {
    this.due.push(write);
    if (this.due.length === 1) answerAtTurnEnd(this.flush);
  }

  private readonly flush = (): void => {
    const burst = this.due.splice(0);
    for (const write of burst) {
      try {
        write();
      } catch (error) {
        this.failed(error);
      }
    }
  };
}
