import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { AuditService } from '../audit/audit.service.js';
import { currentCall } from '../call/call-context.js';
import { successEnvelope } from '../envelope/envelope-builder.js';
import { isOutcome, type SuccessEnvelope } from '../envelope/envelope.js';

/**
 * Wraps what a tool or REST handler returns in the success envelope, and audits the call. Handlers
 * that return something else (health checks, OpenAPI) pass through untouched.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly audit: AuditService) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        const call = currentCall();
        if (!call || !isOutcome(result)) return result;
        if ((result as SuccessEnvelope).status === 'success') return result; // an idempotent replay, already wrapped
        const envelope = successEnvelope(call, result);
        // Every tool call is audited; on REST, the writes. A committed write's entry is already stored.
        if (!call.audited && (call.transport === 'mcp' || !call.route?.startsWith('GET '))) {
          this.audit.recordCall(call, 'success', { changes: result.dry_run ? undefined : result.applied });
        }
        return envelope;
      }),
    );
  }
}
