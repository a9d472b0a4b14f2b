import { HttpException } from '@nestjs/common';
import { DeskError } from './desk-error.js';
import { routeNotFoundMessage } from './entry-points.js';
import { NOT_UTF8_BODY } from './utf8-body.js';

/**
 * Database failures the caller can only wait out: the server is gone or refuses connections, no
 * connection came free in time, a lock or statement timed out, or the schema is missing (database
 * or table dropped: a deployment fault, never the caller's). All of them are UNAVAILABLE.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'POOL_CLOSED',
  'POOL_ACQUIRE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'ER_BAD_DB_ERROR',
  'ER_NO_DB_ERROR',
  'ER_NO_SUCH_TABLE',
]);

/** MySQL/MariaDB error numbers without a code name in the driver: statement time limits. */
const UNAVAILABLE_ERRNOS = new Set([
  1317, // ER_QUERY_INTERRUPTED
  1969, // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
  3024, // ER_QUERY_TIMEOUT (MySQL max_execution_time)
]);

const DUPLICATE_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** How long a caller is told to wait after UNAVAILABLE. */
const RETRY_AFTER_SECONDS = 5;

/** The one UNAVAILABLE answer for a database that cannot serve the call right now. */
export function unavailable(message = 'The database is unavailable right now. Retry in a few seconds.'): DeskError {
  return new DeskError('UNAVAILABLE', message, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}

interface DriverErrorShape {
  code?: unknown;
  errno?: unknown;
  driverError?: { code?: unknown; errno?: unknown };
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as DriverErrorShape;
  if (typeof e.code === 'string') return e.code;
  if (e.driverError && typeof e.driverError.code === 'string') return e.driverError.code;
  return undefined;
}

function errnoOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as DriverErrorShape;
  const errno = e.errno ?? e.driverError?.errno;
  return typeof errno === 'number' ? errno : undefined;
}

/** SQLite's file lock is held by another connection (another process): waiting may help. */
export function isSqliteBusy(error: unknown): boolean {
  const code = codeOf(error);
  return !!code && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** The transaction a MySQL/MariaDB server rolled back to break a deadlock: run again, it may pass. */
export function isDeadlockVictim(error: unknown): boolean {
  return codeOf(error) === 'ER_LOCK_DEADLOCK';
}

/** A write a unique index refused (a value another row holds). */
export function isDuplicate(error: unknown): boolean {
  const code = codeOf(error);
  return !!code && DUPLICATE_CODES.has(code);
}

function isUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if ((code && UNAVAILABLE_CODES.has(code)) || isSqliteBusy(error)) return true;
  const errno = errnoOf(error);
  if (errno !== undefined && UNAVAILABLE_ERRNOS.has(errno)) return true;
  const message = error instanceof Error ? error.message : '';
  // Lost or refused connections, a pool that cannot hand one out, and SQLite's missing table.
  return /connection (lost|is in closed state|refused)|pool is closed|Cannot enqueue|Connection terminated|ECONNREFUSED|server has gone away|Queue limit reached|No connections available|no such table/i.test(
    message,
  );
}

export type DatabaseFaultKind = 'timeout' | 'busy' | 'schema' | 'connection';

const TIMEOUT_CODES = new Set(['ER_LOCK_WAIT_TIMEOUT', 'PROTOCOL_SEQUENCE_TIMEOUT', 'POOL_ACQUIRE_TIMEOUT', 'ETIMEDOUT']);
const SCHEMA_CODES = new Set(['ER_BAD_DB_ERROR', 'ER_NO_DB_ERROR', 'ER_NO_SUCH_TABLE']);

/** Which kind of database fault an error answered UNAVAILABLE is (metrics); undefined when it is none. */
export function databaseFaultKind(error: unknown): DatabaseFaultKind | undefined {
  if (!isUnavailable(error)) return undefined;
  const code = codeOf(error);
  const errno = errnoOf(error);
  if ((code && TIMEOUT_CODES.has(code)) || (errno !== undefined && UNAVAILABLE_ERRNOS.has(errno))) return 'timeout';
  if (isSqliteBusy(error) || isDeadlockVictim(error)) return 'busy';
  if ((code && SCHEMA_CODES.has(code)) || (error instanceof Error && /no such table/i.test(error.message))) return 'schema';
  return 'connection';
}

/**
 * Turns anything thrown into a DeskError the caller can act on. Unknown errors become INTERNAL,
 * with no stack, SQL or path; `internal` tells the caller of this function to log the original.
 */
export function toDeskError(error: unknown): { error: DeskError; internal: boolean } {
  if (error instanceof DeskError) return { error, internal: false };
  if (isUnavailable(error)) return { error: unavailable(), internal: true };
  if (isDuplicate(error)) {
    return { error: new DeskError('CONFLICT', 'A record with the same unique value already exists.'), internal: false };
  }
  if (error instanceof HttpException) return { error: fromHttpException(error), internal: false };
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  const type = (error as { type?: unknown }).type;
  if (status === 413 || type === 'entity.too.large') {
    return { error: DeskError.validation(undefined, [{ field: '(body)', code: 'TOO_LONG', message: 'The request body is too large.' }]), internal: false };
  }
  if (status === 400 && type === NOT_UTF8_BODY) {
    return {
      error: DeskError.validation(undefined, [
        { field: '(body)', code: 'INVALID_VALUE', message: 'The request body is not valid UTF-8.', expected: 'UTF-8 text' },
      ]),
      internal: false,
    };
  }
  if (status === 400 && (type === 'entity.parse.failed' || error instanceof SyntaxError)) {
    return {
      error: DeskError.validation(undefined, [
        { field: '(body)', code: 'INVALID_TYPE', message: 'The request body is not valid JSON.', expected: 'a JSON object' },
      ]),
      internal: false,
    };
  }
  return { error: new DeskError('INTERNAL', 'Internal error. It has been logged; try again or report it.'), internal: true };
}

function fromHttpException(error: HttpException): DeskError {
  const status = error.getStatus();
  switch (status) {
    case 401:
      return new DeskError('UNAUTHENTICATED', 'A bearer token is required: Authorization: Bearer <token>.');
    case 403:
      return new DeskError('FORBIDDEN', 'You may not do this.');
    case 404:
      // Only the router's not-found handler throws it here ("Cannot GET /path"): services answer NOT_FOUND as DeskErrors.
      return new DeskError('NOT_FOUND', routeNotFoundMessage(/^Cannot \S+ (\S+)$/.exec(error.message)?.[1]));
    case 413:
      return DeskError.validation(undefined, [{ field: '(body)', code: 'TOO_LONG', message: 'The request body is too large.' }]);
    case 429:
      return new DeskError('RATE_LIMITED', 'Too many requests.', { retryAfterSeconds: 60 });
    case 503:
      return unavailable('Service unavailable. Retry in a few seconds.');
    default:
      if (status >= 400 && status < 500) {
        return DeskError.validation(undefined, [{ field: '(request)', code: 'INVALID_VALUE', message: error.message }]);
      }
      return new DeskError('INTERNAL', 'Internal error. It has been logged; try again or report it.');
  }
}
