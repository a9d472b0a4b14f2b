import { Injectable, type CanActivate } from '@nestjs/common';
import { currentCall } from '../call/call-context.js';
import { DeskError } from '../envelope/desk-error.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { requiredRight } from '../auth/rights.js';

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
      throw new DeskError('FORBIDDEN', `Your profile has no right to ${right.action} ${right.domain}s, so ${tool.name} is not available to you.`);
    }
    return true;
  }
}
