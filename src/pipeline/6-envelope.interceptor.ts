import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { finalize, map, type Observable } from 'rxjs';
import { AuditService } from '../audit/audit.service.js';
import { Committed, isOutcome, Replay } from '../envelope/envelope.js';
import { successEnvelope } from '../envelope/envelope-builder.js';
import { CallObserver } from '../observe/call-observer.js';
import { inCallSpan, openStep } from '../observe/tracing.js';
import type { Call } from '../tools/call.js';
import type { PromiseInterceptor } from '../tools/tool-chain.js';
import { callOf } from './call-of.js';

/**
 * The one place success envelopes are built: wraps what a tool or REST handler answers, and audits
 * the call. Handlers that answer something else (health checks, documents) pass through untouched.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor, PromiseInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly observer: CallObserver,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const call = callOf(context);
    const serviceEnds = call ? openStep(call, 'service') : undefined;
    // The service's span, when tracing is on; otherwise no operator of its own on every call. Nest
    // binds the method to the async context next.handle() is called in: the call's span, so the
    // method's statements are the call's on REST too (MCP runs the whole call in it).
    const handled = serviceEnds ? inCallSpan(call!, () => next.handle()).pipe(finalize(serviceEnds)) : next.handle();
    return handled.pipe(map((result: unknown) => this.answerOf(call, result)));
  }

  /** The same step around a promise (tool calls, through the tool chain): no Observable per call. */
  async interceptPromise(context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    const call = callOf(context);
    const serviceEnds = call ? openStep(call, 'service') : undefined;
    if (!serviceEnds) return this.answerOf(call, await next());
    try {
      return this.answerOf(call, await inCallSpan(call!, next));
    } finally {
      serviceEnds();
    }
  }

  /** What the caller gets for a handler's `result`: the success envelope of an outcome (the call audited), else the result as is. */
  private answerOf(call: Call | undefined, result: unknown): unknown {
    if (!call) return result;
    // An idempotent replay answers the first outcome again; it was audited when it was written.
    if (result instanceof Replay) {
      this.observer.ended(call, 'success');
      return successEnvelope(call, result.outcome, true);
    }
    const committed = result instanceof Committed;
    const outcome = committed ? result.outcome : result;
    if (!isOutcome(outcome)) return result;
    // Every tool call is audited; on REST, the writes. A committed write's entry is already stored.
    if (!committed && (call.transport === 'mcp' || !call.route?.startsWith('GET '))) {
      // The session an outcome names (domain_switch opens one) is the entry's; the call itself is copied only then.
      const named = outcome.session_id ?? call.sessionId;
      this.audit.recordCall(named === call.sessionId ? call : { ...call, sessionId: named }, 'success', {
        changes: outcome.dry_run ? undefined : outcome.applied,
      });
    } else if (!committed) {
      // REST reads are not audited, but they are calls: metrics and the log line count them (the audit log reports the rest).
      this.observer.ended(call, 'success');
    }
    return successEnvelope(call, outcome);
  }
}
