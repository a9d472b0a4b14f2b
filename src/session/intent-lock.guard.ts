import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { currentCall } from '../common/context/call-context.js';
import { ToolError } from '../common/errors/tool-error.js';
import { echo, quoted } from '../common/input/echo.js';
import { ToolRegistry } from '../mcp/tool-registry.js';
import { SessionsService } from './sessions.service.js';

/**
 * The intent lock. A domain tool runs only in a session of the caller that is locked to the tool's
 * domain, and only when the call's own `domain` argument names that domain. Refusals say which call
 * to make instead. Session tools and REST routes are not domain-locked.
 */
@Injectable()
export class IntentLockGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly tools: ToolRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType<string>() !== 'mcp') return true;
    const call = currentCall();
    const tool = this.tools.definition(call?.tool);
    if (!call || !tool?.domain || !call.principal) return true;
    const args = (context.getArgByIndex<unknown>(0) ?? {}) as Record<string, unknown>;
    const sessionId = args.session_id;
    const declared = args.domain;
    // Missing or mistyped arguments are reported by the input pipe together with the rest.
    if (typeof sessionId !== 'string' || sessionId === '') return true;

    const session = await this.sessions.findLive(sessionId, call.principal.userId);
    if (!session) {
      throw new ToolError('SESSION_NOT_FOUND', `Session '${sessionId.slice(0, 64)}' does not exist, has expired or is not yours. Open one with domain_switch.`, {
        nextCall: { tool: 'domain_switch', arguments: { domain: tool.domain } },
      });
    }
    call.session = { id: session.id };
    if (typeof declared === 'string' && declared !== tool.domain) {
      throw new ToolError('DOMAIN_MISMATCH', `${tool.name} belongs to domain '${tool.domain}', but the call says domain='${quoted(declared)}'. Send domain='${tool.domain}', or use a ${quoted(declared)} tool.`, {
        details: { tool_domain: tool.domain, declared_domain: echo(declared) },
      });
    }
    if (session.domain !== tool.domain) {
      throw new ToolError(
        'INTENT_LOCKED',
        `This session is locked to domain '${session.domain}'; ${tool.name} belongs to domain '${tool.domain}'. Nothing was run. If the user's intent changed, call domain_switch first, then retry.`,
        {
          nextCall: { tool: 'domain_switch', arguments: { domain: tool.domain, session_id: session.id } },
          details: { session_domain: session.domain, tool_domain: tool.domain },
        },
      );
    }
    await this.sessions.touch(session);
    return true;
  }
}
