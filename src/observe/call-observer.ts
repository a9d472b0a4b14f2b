import { Injectable, Logger } from '@nestjs/common';
import type { Transport } from './call-metrics.js';
import { JsonLogger } from './logger.js';
import { Metrics, REFUSAL_KINDS } from './metrics.js';
import { endCallSpan, type Traced } from './tracing.js';
import { afterAnswers } from './turn-end.js';

/** What the end of a call reports (a CallTrace is one). */
export interface ObservedCall extends Traced {
  readonly transport: Transport;
  readonly requestId: string;
  readonly startedAt: number;
  readonly tool: string | null;
  readonly route: string | null;
  readonly principal: { readonly userId: number } | null;
  readonly sessionId: string | null;
}

/** The context of the call lines. */
const CONTEXT = 'Calls';

/**
 * The end of every call, seen once: the audit log reports each call it records here (and the
 * envelope interceptor the REST reads it does not record), so metrics and the call's log line
 * count exactly what the audit log does.
 */
@Injectable()
export class CallObserver {
  private readonly logger = new Logger(CONTEXT);

  constructor(private readonly metrics: Metrics) {}

  /** `call` ended now with `outcome`: its span ends, and it is counted and logged once the turn's answers are written (turn-end.ts). */
  ended(call: ObservedCall, outcome: string): void {
    const durationMs = performance.now() - call.startedAt;
    endCallSpan(call, outcome);
    afterAnswers(() => this.report(call, outcome, durationMs));
  }

  private report(call: ObservedCall, outcome: string, durationMs: number): void {
    const tool = this.metrics.toolLabel(call.tool);
    this.metrics.calls.record(call.transport, tool, outcome, durationMs / 1000);
    if (REFUSAL_KINDS.has(outcome)) this.metrics.refusals.inc({ kind: outcome });
    // One line per call; the logger drops it below LOG_LEVEL=info before building anything more.
    const line = {
      msg: 'call',
      request_id: call.requestId,
      user_id: call.principal?.userId ?? null,
      transport: call.transport,
      tool: call.tool === null ? null : tool === 'unknown' ? 'unknown' : call.tool,
      route: call.transport === 'rest' ? call.route : undefined,
      session_id: call.sessionId ?? undefined,
      outcome,
      duration_ms: Math.round(durationMs * 10) / 10,
    };
    // The process's JSON logger writes the line itself (the same bytes); any other logger through Nest's.
    const out = this.logger.localInstance;
    if (out instanceof JsonLogger) out.writeFlat('info', line, CONTEXT);
    else this.logger.log(line);
  }
}
