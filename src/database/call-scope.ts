import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The one ambient piece of a call: whether it may write domain tables right now. TypeORM calls its
 * subscribers with the entity event only, so the write guard (database/write-guard.subscriber.ts)
 * has no other way to learn that a statement runs during a call, outside the write unit. The logger
 * reads the call's request id here too (a log line has no other way to the call). Everything else
 * about a call travels as the Call value.
 */
interface Scope {
  /** Inside WriteUnit.run's verified transaction. */
  permitted: boolean;
  /** The session the call names, for the refusal's next_call. */
  sessionId: string | null;
  /** The call's request id, for the log lines written while it runs (observe/logger.ts). */
  requestId: string | null;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs a call's work (the transports): a write to a domain table inside it needs the write unit's permit. */
export function asCall<T>(sessionId: string | null, requestId: string | null, work: () => T): T {
  return scopes.run({ permitted: false, sessionId, requestId }, work);
}

/** Runs the write unit's work with the permit. */
export function withWritePermit<T>(work: () => T): T {
  const scope = scopes.getStore();
  return scopes.run({ permitted: true, sessionId: scope?.sessionId ?? null, requestId: scope?.requestId ?? null }, work);
}

/** Runs background work started during a call (an audit batch written later) as no call at all. */
export function outsideCalls<T>(work: () => T): T {
  return scopes.exit(work);
}

/** The request id of the call running now, if any: log lines carry it. */
export function currentRequestId(): string | null {
  return scopes.getStore()?.requestId ?? null;
}

/** During a call, outside the write unit: a domain write now is refused. Undefined when writes may go on. */
export function refusedWriteScope(): { sessionId: string | null } | undefined {
  const scope = scopes.getStore();
  return scope && !scope.permitted ? { sessionId: scope.sessionId } : undefined;
}
