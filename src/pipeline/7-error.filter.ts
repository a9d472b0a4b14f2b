import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuditService } from '../audit/audit.service.js';
import type { ErrorEnvelope } from '../envelope/envelope.js';
import { errorEnvelope } from '../envelope/envelope-builder.js';
import { toDeskError } from '../envelope/error-mapping.js';
import { errorHeaders, httpStatusOf } from '../envelope/http-status.js';
import { sessionNamedBy } from '../envelope/refusal-session.js';
import { errorDetail } from '../observe/error-detail.js';
import { Metrics } from '../observe/metrics.js';
import { type Call, callLabel } from '../tools/call.js';
import { restTraceOf } from '../transports/rest/rest-calls.js';

/**
 * The one place errors become envelopes: returned to the MCP transport, or written to the HTTP
 * response with the status of http-status.ts (and Retry-After where the caller should wait).
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly audit: AuditService,
    private readonly metrics: Metrics,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): ErrorEnvelope | undefined {
    const http = host.getType() === 'http' ? host.switchToHttp() : undefined;
    const trace = http ? restTraceOf(http.getRequest<Request>()) : host.getArgByIndex<Call>(1);
    const { error, internal } = toDeskError(exception);
    this.metrics.countFault(exception);
    if (internal) {
      const detail = errorDetail(exception);
      // The line names its call in its text (no ambient call is looked up by the logger; a message
      // stays a string for any logger the app is given).
      this.logger.error(`${callLabel(trace)} (request ${trace.requestId}) failed: ${detail}`);
    }
    const refused = { ...trace, sessionId: sessionNamedBy(exception, trace.sessionId) };
    const envelope = errorEnvelope(refused, error);
    this.audit.recordRefusal(refused, error);
    if (!http) return envelope;
    const response = http.getResponse<Response>();
    if (response.headersSent) return undefined;
    response.set(errorHeaders(error, http.getRequest<Request>().headers.authorization !== undefined));
    response.status(httpStatusOf(error.code)).json(envelope);
    return undefined;
  }
}
