import type { AuditService } from '../../audit/audit.service.js';
import type { CallLimits } from '../../auth/call-limits.js';
import type { Principal } from '../../auth/principal.js';
import type { AppConfig } from '../../config/app-config.js';
import type { Envelope } from '../../envelope/envelope.js';
import type { ToolListService } from '../../tools/tool-list.service.js';
import type { ToolPolicy } from '../../tools/tool-policy.js';
import type { RegisteredTool, ToolRegistry } from '../../tools/tool-registry.js';
import { McpDispatcher } from './mcp-dispatcher.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls of one request reach the chain in the order they were sent, but each chain awaits the
 * database on its own pooled connection, so a later call can reach its tool first. A tool whose
 * policy wants arrival order (code guesses) must see its calls in the order they arrived.
 */
describe('McpDispatcher: calls in arrival order', () => {
  const principal = { userId: 7, timezone: null } as unknown as Principal;
  const config = { defaultTimezone: 'UTC' } as AppConfig;

  /** A tool whose first call spends longer in the chain than the second before it "claims" its try. */
  function dispatcherWith(inArrivalOrder: boolean): { dispatcher: McpDispatcher; claims: string[] } {
    const claims: string[] = [];
    const policy = { name: 'auth_verify_otp', domain: null, zoneField: null, inArrivalOrder } as unknown as ToolPolicy;
    const handler = async (args: unknown): Promise<Envelope> => {
      const { code } = args as { code: string };
      await pause(code === 'first' ? 30 : 1);
      claims.push(code);
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
