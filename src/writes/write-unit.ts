import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Approval } from '../approval/approval.js';
import { ApprovalGate, needsApproval } from '../approval/approval-gate.js';
import { AuditService } from '../audit/audit.service.js';
import { DbLock } from '../database/db-lock.js';
import { lockedIds, lockRows } from '../database/row-locks.js';
import { withWritePermit } from '../database/write-permit.js';
import { DeskError } from '../envelope/desk-error.js';
import { type Answer, Committed, INSERTED, type Outcome } from '../envelope/envelope.js';
import { toDeskError } from '../envelope/error-mapping.js';
import { step } from '../observe/tracing.js';
import { SessionsRepository } from '../session/sessions.repository.js';
import type { Call } from '../tools/call.js';
import { hasInputProblems, refuseProblems } from './all-problems.js';
import { fingerprintOf, normalizedPayload } from './fingerprint.js';
import { IdempotencyStore } from './idempotency.store.js';
import { assertSessionAtCommit, writesInSession } from './verification.js';

export interface WriteArgs {
  idempotency_key?: string;
  dry_run?: boolean;
  approval_id?: string;
}

/**
 * A write prepared for a person's approval (rolled back like a dry run): the work puts here the
 * record as it is before the write, presented, so the approval page shows before → after.
 */
export interface Rehearsal {
  before?: Record<string, unknown>;
}

/** What a write's work gets: the transaction, the one time it stamps, and whether it is rehearsed for an approval. */
export interface WriteScope {
  manager: EntityManager;
  now: Date;
  rehearsal: Rehearsal | null;
  /**
   * A dry run: rolled back, and its answer leaves out the view of a record the write inserted
   * (dryRunOutcome), so a create need not read back and present what it inserted.
   */
  dryRun: boolean;
}

/**
 * Thrown inside the transaction to undo a dry run after everything but the commit ran. It is control
 * flow, caught in this file, never reported: it is made without calling Error's constructor, which
 * would capture a stack trace on every dry run for nobody to read.
 */
class DryRunRollback extends Error {
  declare readonly outcome: Outcome;

  static of(outcome: Outcome): DryRunRollback {
    return Object.assign(Object.create(DryRunRollback.prototype) as DryRunRollback, { outcome });
  }
}
DryRunRollback.prototype.message = 'dry run';

/**
 * Every write runs here, as one transaction that first checks the caller's right to write:
 * the session's verification is re-read inside the transaction (so no tool can write around it,
 * and a verification ended elsewhere takes effect at once). What the call needs is its tool's
 * policy's. The idempotency record is claimed in the same transaction, so concurrent duplicates
 * meet at a unique index, never read-then-write. A dry run executes the whole write and rolls it
 * back: `applied` is exactly what would be stored. The audit entry of a write is stored in its
 * transaction (the answer says so: Committed); dry runs and refusals are audited later, in
 * batches, like reads. A repeated idempotency key answers the first outcome again (Replay).
 * A write its policy holds for a person's approval is first prepared like a dry run and parked
 * (APPROVAL_REQUIRED); run again once approved, it consumes the approval inside its transaction,
 * for the same payload hash only (approval/approval-gate.ts).
 * A write that decides from a record's stored state locks that record (its tool's `locks`) before
 * its work reads anything: writes to one record run one after the other on every database, and the
 * second reads what the first committed. Before the lock the transaction reads nothing without a
 * lock (the session is read under a shared lock, the approval and the key are writes), so a
 * MySQL/MariaDB snapshot is taken after it.
 */
@Injectable()
export class WriteUnit {
  constructor(
    private readonly idempotency: IdempotencyStore,
    private readonly lock: DbLock,
    private readonly audit: AuditService,
    private readonly sessions: SessionsRepository,
    private readonly approvals: ApprovalGate,
  ) {}

  async run(call: Call, input: WriteArgs, work: (scope: WriteScope) => Promise<Outcome>): Promise<Answer> {
    const tool = call.policy;
    if (!tool) throw new Error(`${call.route ?? 'a call'} writes, but serves no tool: its policy decides how it may write.`);
    const dryRun = input.dry_run === true;
    // Input with problems writes nothing (all-problems.ts): it claims no key, waits for no approval, needs no verification.
    const refused = hasInputProblems(input);
    const key = dryRun || refused ? undefined : input.idempotency_key;
    const userId = call.principal.userId;
    const held = !dryRun && !refused && needsApproval(call);
    const fingerprint = key || held ? fingerprintOf(tool.name, input) : '';
    if (key) {
      const replay = await this.idempotency.replay(userId, tool.name, key, fingerprint);
      if (replay) return replay;
    }
    let approval: Approval | undefined;
    if (held) {
      const payload = { hash: fingerprint, normalized: normalizedPayload(input) };
      approval = await this.approvals.admit(call, input.approval_id, payload, () => this.rehearse(call, input, work));
    }
    try {
      return await step(call, 'write', () =>
        this.lock.transaction(async (manager) => {
          const now = new Date();
          if (!dryRun && !refused && writesInSession(call)) await assertSessionAtCommit(this.sessions, manager, call);
          if (approval) await this.approvals.consume(manager, call, approval, now);
          if (key) await this.idempotency.claim(manager, userId, tool.name, key, fingerprint);
          await lockRecords(manager, call, input);
          const outcome = await withWritePermit(manager, () => work({ manager, now, rehearsal: null, dryRun }));
          // The backstop: work that did not report the input's problems is undone, and they are answered.
          if (refused) refuseProblems(call, input, []);
          if (dryRun) throw DryRunRollback.of(outcome);
          if (key)
            await this.idempotency.complete(manager, userId, tool.name, key, { ...outcome, session_id: outcome.session_id ?? call.sessionId ?? undefined });
          // Committed together with the write: a crash cannot keep the change and lose its record.
          await this.audit.recordWithin(manager, call, 'success', { changes: outcome.applied });
          return new Committed(outcome);
        }, call.startedAt),
      );
    } catch (error) {
      if (error instanceof DryRunRollback) return dryRunOutcome(error.outcome);
      if (key && !(error instanceof DeskError) && toDeskError(error).error.code === 'CONFLICT') {
        // A concurrent duplicate committed first: answer with its result.
        const replay = await this.idempotency.replay(userId, tool.name, key, fingerprint);
        if (replay) return replay;
      }
      throw error;
    }
  }

  /** The write executed and rolled back, as a dry run is: what a person approves is what it would store. */
  private async rehearse(
    call: Call,
    input: WriteArgs,
    work: (scope: WriteScope) => Promise<Outcome>,
  ): Promise<{ outcome: Outcome; before: Record<string, unknown> | null }> {
    const rehearsal: Rehearsal = {};
    try {
      await this.lock.transaction(async (manager) => {
        await lockRecords(manager, call, input);
        const outcome = await withWritePermit(manager, () => work({ manager, now: new Date(), rehearsal, dryRun: false }));
        throw DryRunRollback.of(outcome);
      }, call.startedAt);
    } catch (error) {
      if (error instanceof DryRunRollback) return { outcome: error.outcome, before: rehearsal.before ?? null };
      throw error;
    }
    throw new Error('unreachable: a rehearsal always rolls back');
  }
}

/** Locks the records the call's tool decides on (its policy's `locks`), before the work reads them. */
async function lockRecords(manager: EntityManager, call: Call, input: object): Promise<void> {
  const locks = call.policy?.locks;
  if (locks) await lockRows(manager, locks.table, lockedIds(locks, input));
}

/**
 * A dry run's answer: the id of the record an update or delete acts on, and what it would look like;
 * the id of a record the write inserted (INSERTED) is null (the id it got was rolled back: naming it
 * would point at nothing, or later at another record) and its rolled-back view is left out. A change
 * quotes the sentence the write would answer, whole: any tool's sentence reads right so (a `;`, a `:`,
 * a second sentence), where one folded into a sentence of this one did not.
 */
function dryRunOutcome(outcome: Outcome): Outcome {
  const inserted = outcome[INSERTED] === true;
  // Built key by key in the order `{ ...rest, id, data, message, dry_run }` gives (id and data last,
  // message in its place): V8 spreads an object and then adds keys far slower than it copies them.
  const answer: Record<string, unknown> = {};
  for (const key of Object.keys(outcome)) if (key !== 'id' && key !== 'data') answer[key] = outcome[key as keyof Outcome];
  answer.id = inserted ? null : outcome.id;
  if (!inserted) answer.data = outcome.data;
  answer.message = inserted
    ? 'Dry run: nothing was written. "applied" is what would be created.'
    : `Dry run: nothing was written. Sent without dry_run, the call would answer: "${outcome.message}"`;
  answer.dry_run = true;
  return answer as unknown as Outcome;
}
