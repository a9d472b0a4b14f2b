import { Injectable, type CanActivate } from '@nestjs/common';
import { currentCall } from '../common/context/call-context.js';
import { ToolError } from '../common/errors/tool-error.js';
import { ToolRegistry } from '../mcp/tool-registry.js';
import { requiredRight } from './rights.js';

/** Refuses a tool (or its REST route) the caller's profiles give no right to. */
@Injectable()
export class RightsGuard implements CanActivate {
  constructor(private readonly tools: ToolRegistry) {}

  canActivate(): boolean {
    const call = currentCall();
    const tool = this.tools.definition(call?.tool);
    if (!call?.principal || !tool) return true;
    const right = requiredRight(tool);
    if (right && !call.principal.rights[right.domain].includes(right.action)) {
      throw new ToolError('FORBIDDEN', `Your profile has no right to ${right.action} ${right.domain}s, so ${tool.name} is not available to you.`);
    }
    return true;
  }
}
