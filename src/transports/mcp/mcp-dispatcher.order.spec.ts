import type { AuditService } from '../../audit/audit.service.js';
import type { CallLimits } from '../../auth/call-limits.js';
import type { Principal } from '../../auth/principal.js';
import type { AppConfig } from '../../config/app-config.js';
import type { Envelope } from '../../envelope/envelope.js';
import type { ToolListService } from '../../tools/tool-list.service.js';
import type { ToolPolicy } from '../../tools/tool-policy.js';
import type { RegisteredTool, ToolRegistry } from '../../tools/tool-registry.js';
import { McpDispatcher } from './mcp-dispatcher.js';

/** Resolves when `claimed` does, or after `ms` (whichever comes first): no order is assumed of the machine's timers. */
function claimedOr(claimed: Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void claimed.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Calls of one request reach the chain in the order they were sent, but each chain awaits the
 * database on its own pooled connection, so a later call can reach its tool first. A tool whose
 * policy wants arrival order (code guesses) must see its calls in the order they arrived.
 */
describe('McpDispatcher: calls in arrival order', () => {
  const principal = { userId: 7, timezone: null } as unknown as Principal;
  const config = { defaultTimezone: 'UTC' } as AppConfig;

  /**
   * A tool whose first call "claims" its try only once the second has claimed its own, or after a
   * while: run side by side, the second claims first; run in arrival order, the second cannot start
   * before the first is done, and the first claims first. The outcome does not hang on timing.
   */
  function dispatcherWith(inArrivalOrder: boolean): { dispatcher: McpDispatcher; claims: string[] } {
    const claims: string[] = [];
    let secondClaimed!: () => void;
    const second = new Promise<void>((resolve) => (secondClaimed = resolve));
    const policy = { name: 'auth_verify_otp', domain: null, zoneField: null, inArrivalOrder } as unknown as ToolPolicy;
    const handler = async (args: unknown): Promise<Envelope> => {
      const { code } = args as { code: string };
      if (code === 'first') await claimedOr(second, inArrivalOrder ? 50 : 5_000);
      claims.push(code);
      if (code === 'second') secondClaimed();
      return { status: 'success' } as unknown as Envelope;
    };
    const tool: RegisteredTool = { policy, handler };
    const registry = { get: () => tool } as unknown as ToolRegistry;
    const dispatcher = new McpDispatcher(registry, {} as ToolListService, {} as AuditService, {} as CallLimits, config);
    return { dispatcher, claims };
  }
  const send = (dispatcher: McpDispatcher, code: string) =>
    dispatcher.callTool(principal, 'auth_verify_otp', { session_id: 'ses_x', code }, { requestId: code, traceParent: undefined });

  it("runs a user's code guesses one at a time, in the order they arrived", async () => {
    const { dispatcher, claims } = dispatcherWith(true);
    await Promise.all([send(dispatcher, 'first'), send(dispatcher, 'second')]);
    expect(claims).toEqual(['first', 'second']);
  });

  it('leaves other tools side by side', async () => {
    const { dispatcher, claims } = dispatcherWith(false);
    await Promise.all([send(dispatcher, 'first'), send(dispatcher, 'second')]);
    expect(claims).toEqual(['second', 'first']);
  });
});
