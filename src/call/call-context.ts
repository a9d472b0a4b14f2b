import { AsyncLocalStorage } from 'node:async_hooks';
import type { Principal } from '../auth/principal.js';
import type { ToolPolicy } from '../tools/tool-policy.js';

export type Transport = 'mcp' | 'rest';

/**
 * What the session guard found: the server-side session the call runs in. Its domain and
 * verification are not kept here on purpose: the guard has checked the one, the write unit re-reads
 * the other inside the write transaction.
 */
export interface SessionRef {
  id: string;
}

/**
 * Per-call state, filled as the call moves along the chain: the transport creates it, the auth
 * guard adds the principal, the intent-lock guard the session (the zone in force travels with the
 * parsed input: metaOf(input).timezone).
 * Kept in AsyncLocalStorage so that pipes (which get no ExecutionContext) and services see it.
 */
export interface CallContext {
  transport: Transport;
  startedAt: number;
  tool?: string;
  domain?: string | null;
  /** The policy of the tool called (or served by the REST route). */
  policy?: ToolPolicy;
  route?: string;
  principal?: Principal;
  session?: SessionRef;
  /** Set by the write unit while its verified transaction runs; writes outside it are refused. */
  writeGranted?: boolean;
  /** Set by the write unit when the call's audit entry was written with (and committed by) its write. */
  audited?: boolean;
}

const storage = new AsyncLocalStorage<CallContext>();

export function runInCall<T>(context: CallContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * Runs `fn`, and everything it schedules, outside any call: background work started during a call
 * (an audit batch written later) must not act as that call, nor live on its time budget.
 */
export function outsideCall<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentCall(): CallContext | undefined {
  return storage.getStore();
}

/** The call context; throws when code that needs one runs outside a call (a programming error). */
export function requireCall(): CallContext {
  const call = storage.getStore();
  if (!call) throw new Error('No call context: this code must run inside a tool call or an HTTP request.');
  return call;
}
