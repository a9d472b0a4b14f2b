import { NotFoundException } from '@nestjs/common';
import { DeskError } from './desk-error.js';
import { errorEnvelope } from './envelope-builder.js';
import { ERROR_CODES } from './error-codes.js';
import { isSqliteBusy, toDeskError } from './error-mapping.js';
import { httpStatusOf } from './http-status.js';

describe('error mapping', () => {
  it('keeps ToolErrors as they are', () => {
    const error = new DeskError('CONFLICT', 'taken');
    expect(toDeskError(error)).toEqual({ error, internal: false });
  });

  it('turns a lost database into UNAVAILABLE, retryable with a wait', () => {
    for (const cause of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' }),
      new Error('Connection lost: The server closed the connection.'),
      { driverError: { code: 'PROTOCOL_CONNECTION_LOST' } },
    ]) {
      const { error } = toDeskError(cause);
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.retryable).toBe(true);
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it('turns stalls and a missing schema into UNAVAILABLE, never INTERNAL', () => {
    const causes: unknown[] = [
      { code: 'POOL_ACQUIRE_TIMEOUT' },
      { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 },
      { errno: 1969, sqlMessage: 'Query execution was interrupted (max_statement_time exceeded)' },
      { driverError: { errno: 3024 } },
      { code: 'ER_NO_SUCH_TABLE', errno: 1146 },
      { code: 'ER_BAD_DB_ERROR', errno: 1049 },
      { code: 'ER_NO_DB_ERROR', errno: 1046 },
      { driverError: { code: 'SQLITE_BUSY' } },
      { code: 'SQLITE_BUSY_SNAPSHOT' },
      Object.assign(new Error('no such table: glpi_tickets'), { code: 'SQLITE_ERROR' }),
    ];
    for (const cause of causes) {
      const { error } = toDeskError(cause);
      expect({ cause, code: error.code, retryable: error.retryable }).toEqual({ cause, code: 'UNAVAILABLE', retryable: true });
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(isSqliteBusy({ driverError: { code: 'SQLITE_BUSY' } })).toBe(true);
    expect(isSqliteBusy({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(false);
    expect(toDeskError(Object.assign(new Error('near "SELEC": syntax error'), { code: 'SQLITE_ERROR' })).error.code).toBe('INTERNAL');
  });

  it('turns a unique violation into CONFLICT', () => {
    expect(toDeskError({ code: 'ER_DUP_ENTRY', sqlMessage: "Duplicate entry 'x' for key 'UQ'" }).error.code).toBe('CONFLICT');
    expect(toDeskError({ code: 'SQLITE_CONSTRAINT_UNIQUE' }).error.code).toBe('CONFLICT');
  });

  it('hides everything about an unexpected error: no stack, SQL or path', () => {
    const cause = Object.assign(new Error("ER_PARSE_ERROR near 'SELECT * FROM glpi_users' at /srv/app/dist/x.js:10"), { code: 'ER_PARSE_ERROR' });
    const { error, internal } = toDeskError(cause);
    expect(internal).toBe(true);
    const text = JSON.stringify(errorEnvelope(undefined, error));
    expect(error.code).toBe('INTERNAL');
    expect(text).not.toMatch(/SELECT|glpi_users|\/srv|\.js:/);
  });

  it('maps Nest HTTP exceptions and body parser failures', () => {
    expect(toDeskError(new NotFoundException()).error.code).toBe('NOT_FOUND');
    expect(toDeskError({ status: 413, type: 'entity.too.large' }).error.issues?.[0].code).toBe('TOO_LONG');
    expect(toDeskError(Object.assign(new SyntaxError('Unexpected end'), { status: 400, type: 'entity.parse.failed' })).error.code).toBe('VALIDATION_FAILED');
  });

  it('gives every error code one HTTP status', () => {
    const statuses = ERROR_CODES.map((code) => httpStatusOf(code));
    expect(statuses.every((s) => s >= 400 && s < 600)).toBe(true);
    expect(httpStatusOf('VALIDATION_FAILED')).toBe(422);
    expect(httpStatusOf('RATE_LIMITED')).toBe(429);
    expect(httpStatusOf('UNAVAILABLE')).toBe(503);
  });
});
