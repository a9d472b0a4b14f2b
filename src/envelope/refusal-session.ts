/**
 * Which session the answer to a refusal names. A call's `sessionId` is what its `session_id`
 * argument names; the intent lock proves it. A refusal made before the lock passed (the rate limit,
 * the lock itself) says which session its answer and audit entry name instead: the live session the
 * lock found, or none. Kept beside the thrown error, not in the call, which nothing changes.
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
