/** Every error a caller can receive, on every transport. Mapped to HTTP in exactly one place (http-status.ts). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INTENT_LOCKED',
  'DOMAIN_MISMATCH',
  'SESSION_NOT_FOUND',
  'VERIFICATION_REQUIRED',
  /** The write waits for its user's decision on the approval page (approval_url); retry it after. */
  'APPROVAL_REQUIRED',
  'APPROVAL_REJECTED',
  'APPROVAL_EXPIRED',
  /** The approval was already used by a write: each approval writes once. */
  'APPROVAL_CONSUMED',
  /** The approval named was given for another payload, tool, session or user. */
  'APPROVAL_MISMATCH',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes of the individual problems inside a VALIDATION_FAILED error. */
export const ISSUE_CODES = [
  'REQUIRED',
  'INVALID_TYPE',
  'INVALID_VALUE',
  'OUT_OF_RANGE',
  'TOO_LONG',
  'INVALID_DATE',
  'REFERENCE_NOT_FOUND',
  'REFERENCE_AMBIGUOUS',
  'UNKNOWN_FIELD',
  /** A field the caller's profile may not set (Self-Service sets only what GLPI's simplified interface offers). */
  'FORBIDDEN_FIELD',
  /** A value another record holds where it is unique (a login, an email), named beside the call's other problems. */
  'CONFLICT',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** Errors the caller may simply retry after waiting. */
export const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['RATE_LIMITED', 'UNAVAILABLE', 'APPROVAL_REQUIRED']);
