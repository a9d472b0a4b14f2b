import { randomBytes } from 'node:crypto';

/** A session id: its prefix, then what newSessionId draws (tests and older ids may be shorter). */
const SESSION_ID = /^ses_\S+$/;

/** A new session's id, as domain_switch returns it: the prefix and 18 random bytes in base64url. */
export function newSessionId(): string {
  return `ses_${randomBytes(18).toString('base64url')}`;
}

/** True when `value` is shaped like a session id (spaces around ignored). */
export function looksLikeSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value.trim());
}
