import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { mayCall, mayCallOverMcp } from '../auth/rights.js';
import { DeskError } from '../envelope/desk-error.js';
import { step } from '../observe/tracing.js';
import { callOf } from './call-of.js';

/** Refuses a tool (or its REST route) the caller's profiles give no right to, or (MCP) its token's scope does not reach: both are the tool policy's. */
@Injectable()
export class RightsGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const call = callOf(context);
    const tool = call?.policy;
    if (!call || !tool) return true;
    // Over HTTP the endpoint already answered 403 insufficient_scope; stdio's token meets it here.
    if (call.transport === 'mcp' && !mayCallOverMcp(call.principal, tool)) {
      throw new DeskError('FORBIDDEN', `This token is read-only (scope mcp:read): ${tool.name} needs the '${tool.mcpScope}' scope.`);
    }
    if (!tool.right) return true;
    const right = tool.right;
    if (!step(call, 'rights', () => mayCall(call.principal, right))) {
      throw new DeskError('FORBIDDEN', `Your profile has no right to ${right.action} ${right.domain}s, so ${tool.name} is not available to you.`);
    }
    return true;
  }
}
