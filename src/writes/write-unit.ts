import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { DbLock } from '../database/db-lock.js';
import { requireCall, type CallContext } from '../call/call-context.js';
import { successEnvelope } from '../envelope/envelope-builder.js';
import type { SuccessEnvelope, Outcome } from '../envelope/envelope.js';
import { toDeskError } from '../envelope/error-mapping.js';
import { DeskError } from '../envelope/desk-error.js';
import { IdempotencyStore } from './idempotency.store.js';
import { fingerprintOf } from './fingerprint.js';
import { assertVerified, needsVerification } from './verification.js';

export interface WriteArgs {
  idempotency_key?: string;
  dry_run?: boolean;
}

export interface WriteScope {
  manager: EntityManager;
  now: Date;
  call: CallContext;
}

/** Thrown inside the transaction to undo a dry run after everything but the commit ran. */
class DryRunRollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('dry run');
  }
}

/**
 * Every write runs here, as one transaction that first checks the caller's right to write:
 * the session's verification is re-read inside the transaction (so no tool can write around it,
 * and a verification ended elsewhere takes effect at once). The idempotency record is claimed in
 * the same transaction, so concurrent duplicates meet at a unique index, never read-then-write.
 * A dry run executes the whole write and rolls it back: `applied` is exactly what would be stored.
 * The audit entry of a write is stored in its transaction; dry runs and refusals are audited later,
 * in batches, like reads.
 */
@Injectable()
export class WriteUnit {
  constructor(
    private readonly idempotency: IdempotencyStore,
    private readonly lock: DbLock,
    private readonly audit: AuditService,
  ) {}

  async run(input: WriteArgs, work: (scope: WriteScope) => Promise<Outcome>): Promise<Outcome | SuccessEnvelope> {
    const call = requireCall();
    const tool = call.policy;
    if (!tool) throw new Error('A write runs as a call of a tool.');
    const dryRun = input.dry_run === true;
    const key = dryRun ? undefined : input.idempotency_key;
    const userId = call.principal?.userId ?? 0;
    const fingerprint = key ? fingerprintOf(tool.name, input) : '';
    if (key) {
      const replay = await this.idempotency.replay(userId, tool.name, key, fingerprint);
      if (replay) return replay;
    }
    try {
      return await this.lock.transaction(async (manager) => {
        if (!dryRun && needsVerification(call)) await assertVerified(manager, call);
        if (key) await this.idempotency.claim(manager, userId, tool.name, key, fingerprint);
        call.writeGranted = true;
        let outcome: Outcome;
        try {
          outcome = await work({ manager, now: new Date(), call });
        } finally {
          call.writeGranted = false;
        }
        if (dryRun) throw new DryRunRollback(outcome);
        if (key) await this.idempotency.complete(manager, userId, tool.name, key, successEnvelope(call, outcome));
        // Committed together with the write: a crash cannot keep the change and lose its record.
        await this.audit.recordWithin(manager, call, 'success', { changes: outcome.applied });
        call.audited = true;
        return outcome;
      });
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
}

function dryRunOutcome(outcome: Outcome): Outcome {
  const { id: _discarded, data: _data, ...rest } = outcome;
  void _discarded;
  void _data;
  return { ...rest, message: `Dry run: nothing was written. ${outcome.message.replace(/\.$/, '')} would be the result.`, dry_run: true };
}
