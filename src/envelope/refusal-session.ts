/**
 * Which session the answer to a refusal names. A call's `sessionId` is what its `session_id`
 * argument names (sessionNamedIn); the intent lock proves it. Every refusal names it, the rate
 * limit's too (counted before the lock, it repeats the session the call named), except those that
 * say otherwise here: the lock's own refusals name the live session the lock found, or none, and a
 * session tool's name the session once it is proven the caller's. Kept beside the thrown error, not
 * in the call, which nothing changes.
 */
const named = new WeakMap<object, string | null>();

/** Marks `error` as a refusal naming `sessionId` (null: no session); returns it, for `throw`. */
export function refusalIn<E>(error: E, sessionId: string | null): E {
  if (typeof error === 'object' && error !== null) named.set(error, sessionId);
  return error;
}

/** The session an answer to `error` names: the refusal's own, else the call's. */
export function sessionNamedBy(error: unknown, callSession: string | null): string | null {
  if (typeof error === 'object' && error !== null && named.has(error)) return named.get(error) ?? null;
  return callSession;
}
