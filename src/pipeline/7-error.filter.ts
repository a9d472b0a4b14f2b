import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuditService } from '../audit/audit.service.js';
import { currentCall } from '../call/call-context.js';
import { errorHeaders, httpStatusOf } from '../envelope/http-status.js';
import { errorEnvelope } from '../envelope/envelope-builder.js';
import type { ErrorEnvelope } from '../envelope/envelope.js';
import { toDeskError } from '../envelope/error-mapping.js';

/**
 * The one place errors become envelopes: returned to the MCP adapter, or written to the HTTP
 * response with the status of http-status.ts (and Retry-After where the caller should wait).
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly audit: AuditService) {}

  catch(exception: unknown, host: ArgumentsHost): ErrorEnvelope | void {
    const call = currentCall();
    const { error, internal } = toDeskError(exception);
    if (internal) {
      const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
      this.logger.error(`${call?.tool ?? call?.route ?? 'request'} failed: ${detail}`);
    }
    const envelope = errorEnvelope(call, error);
    if (call) this.audit.recordRefusal(call, error);
    if (host.getType() !== 'http') return envelope;
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    if (response.headersSent) return;
    response.set(errorHeaders(error, http.getRequest<Request>().headers.authorization !== undefined));
    response.status(httpStatusOf(error.code)).json(envelope);
  }
}
