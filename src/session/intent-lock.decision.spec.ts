import type { Domain } from '../auth/principal.js';
import { decideIntentLock, isLiveSession, type LockDecision, type LockedTool, type LockSession, readLockArguments } from './intent-lock.decision.js';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const CALLER = { userId: 1, now: NOW };
const LATER = new Date(NOW + 60_000);
const EARLIER = new Date(NOW - 1);

function row(id: string, over: Partial<LockSession> = {}): LockSession {
  return { id, users_id: 1, domain: 'project', expires_at: LATER, ended_at: null, ...over };
}

const DOMAIN_TOOL: LockedTool = { name: 'project_search', domain: 'project' };
const SESSION_TOOL: LockedTool = { name: 'session_status', domain: null };

/** What each session case sends as session_id (absent: the key is left out), and the row stored under it. */
const SESSIONS = {
  missing: { sent: undefined, stored: undefined },
  null: { sent: null, stored: undefined },
  empty: { sent: '', stored: undefined },
  blank: { sent: ' \t ', stored: undefined },
  'non-string': { sent: 123, stored: undefined },
  object: { sent: { id: 'ses_live' }, stored: undefined },
  unknown: { sent: 'ses_unknown', stored: undefined },
  "other user's": { sent: 'ses_other', stored: row('ses_other', { users_id: 2 }) },
  expired: { sent: 'ses_expired', stored: row('ses_expired', { expires_at: new Date(NOW) }) },
  ended: { sent: 'ses_ended', stored: row('ses_ended', { ended_at: EARLIER }) },
  'live, locked to the tool domain': { sent: 'ses_live', stored: row('ses_live') },
  'live, padded id': { sent: '  ses_live ', stored: row('ses_live') },
  'live, locked to another domain': { sent: 'ses_ticket', stored: row('ses_ticket', { domain: 'ticket' }) },
} as const;
type SessionCase = keyof typeof SESSIONS;

const DOMAINS_SENT = {
  right: 'project',
  'mis-cased': 'Project',
  padded: '  PROJECT ',
  missing: undefined,
  blank: '  ',
  wrong: 'ticket',
  'not a domain': 'projects',
  'non-string': 42,
} as const;
type DomainCase = keyof typeof DOMAINS_SENT;

/**
 * Expected answer of a domain tool (project_search), per session case and domain case:
 * pass, REQUIRED (VALIDATION_FAILED: session_id REQUIRED), REQUIRED+domain (also domain REQUIRED),
 * SESSION_NOT_FOUND, INTENT_LOCKED or DOMAIN_MISMATCH.
 */
type Outcome = 'pass' | 'REQUIRED' | 'REQUIRED+domain' | 'SESSION_NOT_FOUND' | 'INTENT_LOCKED' | 'DOMAIN_MISMATCH';
const M = 'DOMAIN_MISMATCH';
const R = 'REQUIRED';
const RD = 'REQUIRED+domain';
const NF = 'SESSION_NOT_FOUND';
const IL = 'INTENT_LOCKED';
//                                                  right   mis-cased padded  missing blank   wrong not-a-domain non-string
const EXPECTED: Record<SessionCase, Outcome[]> = {
  missing: /*                                    */ [R, R, R, RD, RD, M, M, M],
  null: /*                                       */ [R, R, R, RD, RD, M, M, M],
  empty: /*                                      */ [R, R, R, RD, RD, M, M, M],
  blank: /*                                      */ [R, R, R, RD, RD, M, M, M],
  'non-string': /*                               */ [R, R, R, RD, RD, M, M, M],
  object: /*                                     */ [R, R, R, RD, RD, M, M, M],
  unknown: /*                                    */ [NF, NF, NF, NF, NF, M, M, M],
  "other user's": /*                             */ [NF, NF, NF, NF, NF, M, M, M],
  expired: /*                                    */ [NF, NF, NF, NF, NF, M, M, M],
  ended: /*                                      */ [NF, NF, NF, NF, NF, M, M, M],
  'live, locked to the tool domain': /*          */ ['pass', 'pass', 'pass', 'pass', 'pass', M, M, M],
  'live, padded id': /*                          */ ['pass', 'pass', 'pass', 'pass', 'pass', M, M, M],
  'live, locked to another domain': /*           */ [IL, IL, IL, IL, IL, M, M, M],
};

function argsOf(sessionCase: SessionCase, domainCase: DomainCase): Record<string, unknown> {
  const args: Record<string, unknown> = { query: 'ERP' };
  const session = SESSIONS[sessionCase].sent;
  const domain = DOMAINS_SENT[domainCase];
  if (session !== undefined) args.session_id = session;
  if (domain !== undefined) args.domain = domain;
  return args;
}

function decide(tool: LockedTool, sessionCase: SessionCase, domainCase: DomainCase): LockDecision {
  return decideIntentLock(tool, readLockArguments(argsOf(sessionCase, domainCase)), SESSIONS[sessionCase].stored, CALLER);
}

function outcomeOf(decision: LockDecision): Outcome {
  if (decision.pass) return 'pass';
  const { error } = decision;
  if (error.code !== 'VALIDATION_FAILED') return error.code as Outcome;
  const fields = (error.issues ?? []).map((i) => `${i.field}:${i.code}`);
  if (fields.join() === 'session_id:REQUIRED') return 'REQUIRED';
  if (fields.join() === 'session_id:REQUIRED,domain:REQUIRED') return 'REQUIRED+domain';
  throw new Error(`unexpected issues ${fields.join()}`);
}

const CELLS = (Object.keys(EXPECTED) as SessionCase[]).flatMap((s) =>
  (Object.keys(DOMAINS_SENT) as DomainCase[]).map((d, i) => [s, d, EXPECTED[s][i]] as const),
);

describe('intent lock decision: every session case × every domain case', () => {
  it('has one expectation per domain case', () => {
    for (const outcomes of Object.values(EXPECTED)) expect(outcomes).toHaveLength(Object.keys(DOMAINS_SENT).length);
  });

  it.each(CELLS)('domain tool, session %s, domain %s: %s', (sessionCase, domainCase, expected) => {
    const decision = decide(DOMAIN_TOOL, sessionCase, domainCase);
    expect(outcomeOf(decision)).toBe(expected);
    if (decision.pass) {
      expect(decision.session?.id).toBe('ses_live');
      return;
    }
    const { error } = decision;
    switch (expected) {
      case 'REQUIRED':
      case 'REQUIRED+domain':
      case 'SESSION_NOT_FOUND':
        // Every way of having no usable session is answered with the call that opens one.
        expect(error.nextCall).toEqual({ tool: 'domain_switch', arguments: { domain: 'project' } });
        expect(decision.session).toBeUndefined();
        break;
      case 'INTENT_LOCKED':
        expect(error.nextCall).toEqual({ tool: 'domain_switch', arguments: { domain: 'project', session_id: 'ses_ticket' } });
        expect(error.details).toEqual({ session_domain: 'ticket', tool_domain: 'project' });
        expect(decision.session?.id).toBe('ses_ticket');
        break;
      case 'DOMAIN_MISMATCH':
        // In a live session of another domain, the fixed argument would meet INTENT_LOCKED next: the same switch is offered.
        expect(error.nextCall).toEqual(
          sessionCase === 'live, locked to another domain' ? { tool: 'domain_switch', arguments: { domain: 'project', session_id: 'ses_ticket' } } : undefined,
        );
        expect(error.details).toMatchObject({ tool_domain: 'project', declared_domain: DOMAINS_SENT[domainCase] });
        expect(error.message).toContain('project_search');
        // A live session of the caller is named on the refusal (audit), whatever its domain; no other.
        expect(decision.session?.id).toBe(sessionCase.startsWith('live') ? SESSIONS[sessionCase].stored?.id : undefined);
        break;
    }
  });

  it.each(CELLS)('session tool, session %s, domain %s: not locked', (sessionCase, domainCase) => {
    expect(decide(SESSION_TOOL, sessionCase, domainCase)).toEqual({ pass: true });
  });

  it('answers an unusable session_id exactly as a missing one, echoing what was sent', () => {
    const missing = decide(DOMAIN_TOOL, 'missing', 'right');
    for (const sessionCase of ['null', 'empty', 'blank', 'non-string'] as const) {
      const answer = decide(DOMAIN_TOOL, sessionCase, 'right');
      if (answer.pass || missing.pass) throw new Error('expected refusals');
      expect(answer.error.code).toBe(missing.error.code);
      expect(answer.error.message).toBe(missing.error.message);
      expect(answer.error.nextCall).toEqual(missing.error.nextCall);
      const { received, ...issue } = answer.error.issues![0];
      expect(issue).toEqual(missing.error.issues![0]);
      if (sessionCase !== 'null') expect(received).toEqual(SESSIONS[sessionCase].sent);
    }
  });

  it('does not send a caller who named its session otherwise to open another one (it would lose its verification)', () => {
    for (const key of ['sessionId', 'session', 'SessionID']) {
      const decision = decideIntentLock(DOMAIN_TOOL, readLockArguments({ domain: 'project', [key]: ' ses_live ' }), undefined, CALLER);
      if (decision.pass) throw new Error('expected a refusal');
      expect([key, decision.error.code, decision.error.nextCall]).toEqual([key, 'VALIDATION_FAILED', undefined]);
      expect([key, decision.error.issues![0].message]).toEqual([key, expect.stringContaining(`send it as session_id, not ${key}`)]);
    }
    // Any other value under another name is no session: one is opened as before.
    const other = decideIntentLock(DOMAIN_TOOL, readLockArguments({ domain: 'project', sessionId: 'mine' }), undefined, CALLER);
    expect(other.pass ? undefined : other.error.nextCall).toEqual({ tool: 'domain_switch', arguments: { domain: 'project' } });
  });

  it('does not honour a row stored under another id than the one sent (a case-insensitive collation)', () => {
    const decision = decideIntentLock(DOMAIN_TOOL, readLockArguments({ domain: 'project', session_id: 'SES_LIVE' }), row('ses_live'), CALLER);
    expect(outcomeOf(decision)).toBe('SESSION_NOT_FOUND');
  });
});

describe('readLockArguments', () => {
  it.each([undefined, null, 'text', 42, ['project']])('reads nothing from arguments that are not an object (%j)', (raw) => {
    expect(readLockArguments(raw)).toEqual({ sessionId: undefined, unusableSessionId: undefined, domain: undefined, declared: undefined });
  });

  it('trims the session id and lower-cases the domain', () => {
    expect(readLockArguments({ session_id: ' ses_a ', domain: ' Ticket ' })).toMatchObject({ sessionId: 'ses_a', domain: 'ticket', declared: ' Ticket ' });
  });

  it('reads a list of one as its item, as the input parser does for every field that takes one value', () => {
    expect(readLockArguments({ session_id: ['ses_a'], domain: ['ticket'] })).toMatchObject({ sessionId: 'ses_a', domain: 'ticket' });
    // A blank item, or several, is no session id: refused as before, with what was sent.
    expect(readLockArguments({ session_id: [' '] })).toMatchObject({ sessionId: undefined, unusableSessionId: [' '] });
    expect(readLockArguments({ session_id: ['ses_a', 'ses_b'], domain: ['ticket', 'user'] })).toMatchObject({
      sessionId: undefined,
      unusableSessionId: ['ses_a', 'ses_b'],
      domain: '["ticket","user"]',
    });
  });
});

describe('isLiveSession', () => {
  const domain: Domain = 'user';
  it('is live for its owner until it expires or ends', () => {
    expect(isLiveSession({ users_id: 1, expires_at: LATER, ended_at: null }, CALLER)).toBe(true);
    expect(isLiveSession({ users_id: 1, expires_at: new Date(NOW), ended_at: null }, CALLER)).toBe(false);
    expect(isLiveSession({ users_id: 1, expires_at: LATER, ended_at: EARLIER }, CALLER)).toBe(false);
    expect(isLiveSession({ users_id: 2, expires_at: LATER, ended_at: null }, CALLER)).toBe(false);
    expect(decideIntentLock({ name: 'user_get', domain }, readLockArguments({ session_id: 'ses_live' }), row('ses_live', { domain }), CALLER).pass).toBe(true);
  });
});
