import { type Domain, DOMAINS } from '../auth/principal.js';
import { DeskError } from '../envelope/desk-error.js';
import { echo, quoted, textOf } from '../envelope/echo.js';
import type { Issue } from '../envelope/issue.js';
import { requiredIssue } from '../input/issue-messages.js';
import { itemOfOne } from '../input/list-for-one.js';
import { isBlankText } from '../text/characters.js';
import { looksLikeSessionId } from './session-id.js';

/**
 * The intent lock, decided in one place for every transport: a domain tool runs only in a live
 * session of the caller that is locked to the tool's domain, and a `domain` argument, when sent,
 * must name the tool's domain. The guard reads the session; everything else is decided here.
 *
 * Precedence (each step is answered before the next is looked at):
 * 1. a `domain` that is not the tool's (in any case, trimmed)       -> DOMAIN_MISMATCH
 * 2. no usable `session_id` (missing, null, not a string, blank)    -> VALIDATION_FAILED, session_id REQUIRED, next_call domain_switch
 * 3. no live session of the caller with that id                     -> SESSION_NOT_FOUND, next_call domain_switch
 * 4. a session locked to another domain                             -> INTENT_LOCKED, next_call domain_switch with the session
 * A missing `domain` in a live session of the right domain passes: its absence is an input problem,
 * reported by the input pipe together with the call's other problems. The guard adds those other
 * problems to a refusal of step 2 too, so a call is refused for its input once.
 */

/** Longer than any id domain_switch mints: answered as unknown without a database read. */
export const MAX_SESSION_ID_LENGTH = 64;

/**
 * The session a call's `session_id` names, as its answers repeat it (refused or not): an id of the
 * shape domain_switch mints, else none. The intent lock proves it; a refusal made before it (the
 * rate limit) repeats it unproven, and never repeats a value that cannot be an id.
 */
export function sessionNamedIn(raw: unknown): string | null {
  const { sessionId } = readLockArguments(raw);
  return sessionId !== undefined && sessionId.length <= MAX_SESSION_ID_LENGTH && looksLikeSessionId(sessionId) ? sessionId : null;
}

/** A call's `domain` and `session_id`, decoded once. */
export interface LockArguments {
  /** Trimmed; undefined when missing, null, not a string, empty or blank. */
  sessionId: string | undefined;
  /** What was sent as session_id when it is not usable (echoed back); undefined when nothing was. */
  unusableSessionId: unknown;
  /** Trimmed and lower-cased; undefined when missing, null, empty or blank. Anything else sent is its text. */
  domain: string | undefined;
  /** `domain` as sent, for messages. */
  declared: unknown;
  /**
   * Without a usable session_id: the other argument that holds a session id (`sessionId`, say). The
   * caller has a session and only named it otherwise; opening another would lose its verification.
   */
  sessionSentAs?: string;
}

/** What the lock needs of a session row (SessionRow satisfies it). */
export interface LockSession {
  id: string;
  users_id: number;
  domain: Domain;
  expires_at: Date;
  ended_at: Date | null;
}

export interface LockedTool {
  name: string;
  /** null for session tools (domain_switch, session_status, auth_*): not locked, they read their own session. */
  domain: Domain | null;
}

export interface Caller {
  userId: number;
  /** Milliseconds since the epoch. */
  now: number;
}

/**
 * A pass carries the session the call runs in (none for session tools); a refusal names the caller's
 * live session when there is one, so its answer and audit entry carry it.
 */
export type LockDecision<S extends LockSession = LockSession> = { pass: true; session?: S } | { pass: false; error: DeskError; session?: S };

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && isBlankText(value));
}

export function readLockArguments(raw: unknown): LockArguments {
  const args = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  // A list of one is its item, as for every field that takes one value (input/list-for-one.ts).
  const session = itemOfOne(args.session_id);
  const usable = typeof session === 'string' && !isBlankText(session);
  const declared = itemOfOne(args.domain);
  const read: LockArguments = {
    sessionId: usable ? session.trim() : undefined,
    unusableSessionId: usable || args.session_id === undefined ? undefined : args.session_id,
    domain: blank(declared) ? undefined : typeof declared === 'string' ? declared.trim().toLowerCase() : textOf(declared),
    declared: args.domain,
  };
  if (!usable) {
    const sentAs = Object.keys(args).find((key) => key !== 'session_id' && looksLikeSessionId(itemOfOne(args[key])));
    if (sentAs !== undefined) read.sessionSentAs = sentAs;
  }
  return read;
}

/** A session the caller may use now: theirs, not ended, not expired. The one definition of "live". */
export function isLiveSession(row: Pick<LockSession, 'users_id' | 'expires_at' | 'ended_at'>, caller: Caller): boolean {
  return row.users_id === caller.userId && !row.ended_at && row.expires_at.getTime() > caller.now;
}

/**
 * The lock's decision for one call of `tool`. `session` is the row stored under `args.sessionId`
 * (undefined when there is none or none was looked up); whether it is live for `caller` is judged here.
 */
export function decideIntentLock<S extends LockSession>(tool: LockedTool, args: LockArguments, session: S | undefined, caller: Caller): LockDecision<S> {
  const domain = tool.domain;
  if (domain === null) return { pass: true };
  const live = session && args.sessionId !== undefined && session.id === args.sessionId && isLiveSession(session, caller) ? session : undefined;
  if (args.domain !== undefined && args.domain !== domain)
    return { pass: false, error: domainMismatch(tool.name, domain, args.declared, live), ...(live ? { session: live } : {}) };
  const openOne = { tool: 'domain_switch', arguments: { domain } };
  if (args.sessionId === undefined) {
    const issues: Issue[] = [
      {
        field: 'session_id',
        code: 'REQUIRED',
        ...(args.unusableSessionId !== undefined ? { received: echo(args.unusableSessionId) } : {}),
        message:
          args.sessionSentAs === undefined
            ? 'session_id is required: the session_id that domain_switch returned.'
            : `session_id is required: send it as session_id, not ${args.sessionSentAs} (the same session, still verified if it was).`,
        expected: 'the session_id returned by domain_switch (ses_…)',
      },
    ];
    if (args.domain === undefined) issues.push(requiredIssue('domain', domain, domain));
    // A session sent under another name is the caller's to rename, not a reason to open another.
    const next = args.sessionSentAs === undefined ? openOne : undefined;
    return { pass: false, error: DeskError.validation({ transport: 'mcp', tool: tool.name }, issues, next) };
  }
  if (!live) {
    return {
      pass: false,
      error: new DeskError(
        'SESSION_NOT_FOUND',
        `Session '${quoted(args.sessionId)}' does not exist, has expired or is not yours. Open one with domain_switch.`,
        {
          nextCall: openOne,
        },
      ),
    };
  }
  if (live.domain !== domain) {
    return {
      pass: false,
      session: live,
      error: new DeskError(
        'INTENT_LOCKED',
        `This session is locked to domain '${live.domain}'; ${tool.name} belongs to domain '${domain}'. Nothing was run. If the user's intent changed, call domain_switch first, then retry.`,
        {
          nextCall: { tool: 'domain_switch', arguments: { domain, session_id: live.id } },
          details: { session_domain: live.domain, tool_domain: domain },
        },
      ),
    };
  }
  return { pass: true, session: live };
}

/**
 * A `domain` argument that is not the tool's. In a live session of another domain the fixed
 * argument alone would meet INTENT_LOCKED next: the refusal carries the same domain_switch call.
 */
function domainMismatch(toolName: string, domain: Domain, declared: unknown, live: LockSession | undefined): DeskError {
  const shown = quoted(declared);
  const named = typeof declared === 'string' ? declared.trim().toLowerCase() : '';
  const instead = (DOMAINS as readonly string[]).includes(named) ? `, or use a ${named} tool` : '';
  const locked = live && live.domain !== domain;
  const switchFirst = locked
    ? ` This session is locked to domain '${live.domain}': if the user's intent changed, call domain_switch first (next_call), then send domain='${domain}'.`
    : '';
  return new DeskError(
    'DOMAIN_MISMATCH',
    `${toolName} belongs to domain '${domain}', but the call says domain='${shown}'. Send domain='${domain}'${instead}.${switchFirst}`,
    {
      details: { tool_domain: domain, declared_domain: echo(declared) },
      ...(locked ? { nextCall: { tool: 'domain_switch', arguments: { domain, session_id: live.id } } } : {}),
    },
  );
}
