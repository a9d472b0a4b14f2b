import type { ExecutionContext } from '@nestjs/common';
import type { CallLimits } from '../auth/call-limits.js';
import { RateLimitedError } from '../auth/call-limits.js';
import { sessionNamedBy } from '../envelope/refusal-session.js';
import { RateLimitGuard } from './2-rate-limit.guard.js';

/** An MCP tool call's context as the chain hands it to the guard (the call is the second argument). */
function contextOf(call: object): ExecutionContext {
  return { getType: () => 'mcp', getArgByIndex: (index: number) => (index === 1 ? call : {}) } as unknown as ExecutionContext;
}

const CALL = { transport: 'mcp', tool: 'ticket_get', policy: { rate: 'read' }, principal: { userId: 3 }, route: null, sessionId: 'ses_x' };
const LIMITED = new RateLimitedError({ key: 'read:3', kind: 'read', max: 1, resetAt: 0, userId: 3, address: null }, 'Rate limit reached.', 1);

describe('RateLimitGuard', () => {
  it('answers true at once (no promise) when counters kept in this process admit the call', () => {
    const limits = { admitCall: () => undefined } as unknown as CallLimits;
    expect(new RateLimitGuard(limits).canActivate(contextOf(CALL))).toBe(true);
  });

  it("throws the refusal at once, naming the call's session as every later refusal does, when they refuse it", () => {
    const limits = {
      admitCall: () => {
        throw LIMITED;
      },
    } as unknown as CallLimits;
    expect(() => new RateLimitGuard(limits).canActivate(contextOf(CALL))).toThrow(LIMITED);
    expect(sessionNamedBy(LIMITED, 'ses_x')).toBe('ses_x');
  });

  it("waits for a shared store, and rejects with its refusal, naming the call's session", async () => {
    const admitted = new RateLimitGuard({ admitCall: () => Promise.resolve() } as unknown as CallLimits);
    await expect(admitted.canActivate(contextOf(CALL))).resolves.toBe(true);
    const limited = new RateLimitedError({ key: 'read:3', kind: 'read', max: 1, resetAt: 0, userId: 3, address: null }, 'Rate limit reached.', 1);
    const refused = new RateLimitGuard({ admitCall: () => Promise.reject(limited) } as unknown as CallLimits);
    await expect(refused.canActivate(contextOf(CALL))).rejects.toBe(limited);
    expect(sessionNamedBy(limited, 'ses_x')).toBe('ses_x');
  });
});
