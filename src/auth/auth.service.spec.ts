import { jest } from '@jest/globals';
import { AppConfig } from '../config/app-config.js';
import { DeskError } from '../envelope/desk-error.js';
import { AuthService } from './auth.service.js';
import { CallLimits } from './call-limits.js';
import type { ExternalTokens } from './external-tokens.js';
import type { Principal, Scope } from './principal.js';
import type { PrincipalLoader } from './principal.loader.js';
import { MemoryRateLimiter } from './rate-limiter.js';
import type { TokenRecord, TokensService } from './tokens.service.js';

/** A token of the shape this server issues (idt_ and 43 base64url characters), made of `fill`. */
function issued(fill: string): string {
  return `idt_${fill.repeat(43).slice(0, 43)}`;
}

const GOOD = issued('g');

function principalOf(userId: number, scopes: Scope[]): Principal {
  return {
    userId,
    login: 'glpi',
    displayName: 'glpi',
    tokenId: 1,
    scopes,
    timezone: null,
    language: null,
    assignments: [],
    defaultEntityId: 1,
    scope: { entityIds: [1], ancestorIds: [] },
    rights: { project: [], ticket: [], user: [], ticket_scope: 'all', admin: false },
  };
}

function setup(budget = 60) {
  const verify = jest.fn(async (token: string) => (token === GOOD ? ({ id: 1, users_id: 1, scopes: ['mcp'] } as unknown as TokenRecord) : undefined));
  const tokens = { verify, touch: async () => undefined } as unknown as TokensService;
  const loader = { load: async (userId: number, _tokenId: number | null, scopes: Scope[]) => principalOf(userId, scopes) } as unknown as PrincipalLoader;
  const config = Object.assign(new AppConfig(), { rateLimitUnauthenticated: budget, rateLimitReads: 120, rateLimitWrites: 30 });
  const noExternal = { verify: async () => undefined, recognises: () => false } as unknown as ExternalTokens;
  const auth = new AuthService(tokens, loader, new CallLimits(new MemoryRateLimiter(), config), noExternal);
  return { auth, verify };
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    return error instanceof DeskError ? error.code : String(error);
  }
}

describe('AuthService', () => {
  it('keeps good tokens cached through a flood of bad ones', async () => {
    // The clock stands still: what is checked is the cache's bound, not how fast this machine floods.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      const { auth, verify } = setup();
      await auth.authenticate(`Bearer ${GOOD}`, 'mcp');
      // No client address (stdio): nothing limits the flood here, so it can only be the cache's bound that holds.
      for (let i = 0; i < 11_000; i++) expect(await codeOf(auth.authenticate(`Bearer ${issued(`b${i}_`)}`, 'mcp'))).toBe('UNAUTHENTICATED');
      verify.mockClear();
      expect((await auth.authenticate(`Bearer ${GOOD}`, 'mcp')).userId).toBe(1);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      clock.mockRestore();
    }
  });

  it('looks a refused token up once per cache period', async () => {
    const { auth, verify } = setup();
    for (let i = 0; i < 5; i++) expect(await codeOf(auth.authenticate(`Bearer ${issued('b')}`, 'mcp'))).toBe('UNAUTHENTICATED');
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('never looks up a token of no shape this server issues', async () => {
    const { auth, verify } = setup();
    for (const token of ['idt_short', `${GOOD}x`, 'idt_' + '!'.repeat(43), 'a.b', 'x'.repeat(44)])
      expect(await codeOf(auth.authenticate(`Bearer ${token}`, 'mcp'))).toBe('UNAUTHENTICATED');
    expect(verify).not.toHaveBeenCalled();
    // An opaque OAuth access token (43 base64url characters) is looked up.
    expect(await codeOf(auth.authenticate(`Bearer ${'a-_Z9'.repeat(9).slice(0, 43)}`, 'mcp'))).toBe('UNAUTHENTICATED');
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('limits missing, malformed and unknown tokens per client address, and still looks a well-formed token up past the budget', async () => {
    const { auth, verify } = setup(3);
    expect(await codeOf(auth.authenticate(undefined, 'mcp', '203.0.113.7'))).toBe('UNAUTHENTICATED');
    expect(await codeOf(auth.authenticate('Bearer idt_bad_1', 'mcp', '203.0.113.7'))).toBe('UNAUTHENTICATED');
    expect(await codeOf(auth.authenticate(`Bearer ${issued('1')}`, 'mcp', '203.0.113.7'))).toBe('UNAUTHENTICATED');
    verify.mockClear();
    expect(await codeOf(auth.authenticate('Bearer idt_bad_3', 'mcp', '203.0.113.7'))).toBe('RATE_LIMITED');
    expect(await codeOf(auth.authenticate(undefined, 'mcp', '203.0.113.7'))).toBe('RATE_LIMITED');
    expect(verify).not.toHaveBeenCalled();
    // A well-formed token is looked up whatever the address spent: unknown, it is refused with the budget's 429 ...
    expect(await codeOf(auth.authenticate(`Bearer ${issued('2')}`, 'mcp', '203.0.113.7'))).toBe('RATE_LIMITED');
    // ... and a good one never used before is served: a flood of bad tokens cannot lock its user out.
    expect(await codeOf(auth.authenticate(`Bearer ${GOOD}`, 'mcp', '203.0.113.7'))).toBe('ok');
    expect(verify).toHaveBeenCalledTimes(2);
    // Other addresses have their own budget.
    expect(await codeOf(auth.authenticate('Bearer idt_bad_4', 'mcp', '203.0.113.8'))).toBe('UNAUTHENTICATED');
  });

  it('does not count a good token with the wrong scope against the address', async () => {
    const { auth } = setup(1);
    expect(await codeOf(auth.authenticate(`Bearer ${GOOD}`, 'api', '203.0.113.9'))).toBe('FORBIDDEN');
    expect(await codeOf(auth.authenticate(`Bearer ${GOOD}`, 'api', '203.0.113.9'))).toBe('FORBIDDEN');
    expect(await codeOf(auth.authenticate('Bearer idt_bad', 'mcp', '203.0.113.9'))).toBe('UNAUTHENTICATED');
    expect(await codeOf(auth.authenticate('Bearer idt_other', 'mcp', '203.0.113.9'))).toBe('RATE_LIMITED');
  });
});

describe('read-only tokens', () => {
  it('opens MCP at the door to an mcp:read token, but not the api scope', async () => {
    const verify = async () => ({ id: 1, users_id: 1, scopes: ['mcp:read'] }) as unknown as TokenRecord;
    const tokens = { verify, touch: async () => undefined } as unknown as TokensService;
    const loader = { load: async (userId: number, _t: number | null, scopes: Scope[]) => principalOf(userId, scopes) } as unknown as PrincipalLoader;
    const config = Object.assign(new AppConfig(), { rateLimitUnauthenticated: 60, rateLimitReads: 120, rateLimitWrites: 30 });
    const noExternal = { verify: async () => undefined, recognises: () => false } as unknown as ExternalTokens;
    const auth = new AuthService(tokens, loader, new CallLimits(new MemoryRateLimiter(), config), noExternal);
    expect((await auth.authenticate(`Bearer ${GOOD}`, 'mcp')).scopes).toEqual(['mcp:read']);
    expect(await codeOf(auth.authenticate(`Bearer ${GOOD}`, 'api'))).toBe('FORBIDDEN');
  });
});
