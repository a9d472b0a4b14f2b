import type { ErrorCode } from './error-codes.js';

/** The one mapping from error code to HTTP status. Exhaustive: a new code fails to compile until mapped. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
      return 422;
    case 'DOMAIN_MISMATCH':
      return 400;
    case 'INTENT_LOCKED':
    case 'CONFLICT':
      return 409;
    case 'UNAUTHENTICATED':
      return 401;
    case 'VERIFICATION_REQUIRED':
    case 'APPROVAL_REQUIRED':
    case 'APPROVAL_REJECTED':
    case 'FORBIDDEN':
      return 403;
    case 'APPROVAL_MISMATCH':
      return 409;
    case 'APPROVAL_EXPIRED':
    case 'APPROVAL_CONSUMED':
      return 410;
    case 'SESSION_NOT_FOUND':
    case 'NOT_FOUND':
      return 404;
    case 'RATE_LIMITED':
      return 429;
    case 'UNAVAILABLE':
      return 503;
    case 'INTERNAL':
      return 500;
  }
}

/**
 * The headers an HTTP error answer carries besides its status: when to retry, and how to
 * authenticate (RFC 6750: `error="invalid_token"` only when a token was sent and refused).
 */
export function errorHeaders(error: { code: ErrorCode; retryAfterSeconds?: number }, tokenSent: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (error.code === 'UNAUTHENTICATED') headers['WWW-Authenticate'] = `Bearer realm="intentdesk"${tokenSent ? ', error="invalid_token"' : ''}`;
  return headers;
}
