import { HttpException } from '@nestjs/common';
import { ToolError } from '../errors/tool-error.js';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'POOL_CLOSED',
]);

const DUPLICATE_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; driverError?: { code?: unknown }; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (e.driverError && typeof e.driverError.code === 'string') return e.driverError.code;
  return undefined;
}

/** Lost or refused connections, and a pool that cannot hand one out (overloaded or stuck server). */
function looksLikeConnectionLoss(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /connection (lost|is in closed state|refused)|pool is closed|Cannot enqueue|Connection terminated|ECONNREFUSED|server has gone away|Queue limit reached|No connections available/i.test(message);
}

/**
 * Turns anything thrown into a ToolError the caller can act on. Unknown errors become INTERNAL,
 * with no stack, SQL or path; `internal` tells the caller of this function to log the original.
 */
export function toToolError(error: unknown): { error: ToolError; internal: boolean } {
  if (error instanceof ToolError) return { error, internal: false };
  const code = codeOf(error);
  if ((code && CONNECTION_CODES.has(code)) || looksLikeConnectionLoss(error)) {
    return { error: new ToolError('UNAVAILABLE', 'The database is unavailable right now. Retry in a few seconds.', { retryAfterSeconds: 5 }), internal: true };
  }
  if (code && DUPLICATE_CODES.has(code)) {
    return { error: new ToolError('CONFLICT', 'A record with the same unique value already exists.'), internal: false };
  }
  if (error instanceof HttpException) return { error: fromHttpException(error), internal: false };
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  const type = (error as { type?: unknown }).type;
  if (status === 413 || type === 'entity.too.large') {
    return { error: ToolError.validation(undefined, [{ field: '(body)', code: 'TOO_LONG', message: 'The request body is too large.' }]), internal: false };
  }
  if (status === 400 && (type === 'entity.parse.failed' || error instanceof SyntaxError)) {
    return { error: ToolError.validation(undefined, [{ field: '(body)', code: 'INVALID_TYPE', message: 'The request body is not valid JSON.', expected: 'a JSON object' }]), internal: false };
  }
  return { error: new ToolError('INTERNAL', 'Internal error. It has been logged; try again or report it.'), internal: true };
}

function fromHttpException(error: HttpException): ToolError {
  const status = error.getStatus();
  switch (status) {
    case 401:
      return new ToolError('UNAUTHENTICATED', 'A bearer token is required: Authorization: Bearer <token>.');
    case 403:
      return new ToolError('FORBIDDEN', 'You may not do this.');
    case 404:
      return new ToolError('NOT_FOUND', 'No such route.');
    case 413:
      return ToolError.validation(undefined, [{ field: '(body)', code: 'TOO_LONG', message: 'The request body is too large.' }]);
    case 429:
      return new ToolError('RATE_LIMITED', 'Too many requests.', { retryAfterSeconds: 60 });
    case 503:
      return new ToolError('UNAVAILABLE', 'Service unavailable.', { retryAfterSeconds: 5 });
    default:
      if (status >= 400 && status < 500) {
        return ToolError.validation(undefined, [{ field: '(request)', code: 'INVALID_VALUE', message: error.message }]);
      }
      return new ToolError('INTERNAL', 'Internal error. It has been logged; try again or report it.');
  }
}
