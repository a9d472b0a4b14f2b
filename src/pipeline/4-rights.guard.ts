import { Injectable, type CanActivate } from '@nestjs/common';
import { currentCall } from '../call/call-context.js';
import { DeskError } from '../envelope/desk-error.js';
import { mayCall } from '../auth/rights.js';

/** Refuses a tool (or its REST route) the caller's profiles give no right to. */
@Injectable()
export class RightsGuard implements CanActivate {
  canActivate(): boolean {
    const call = currentCall();
    const tool = call?.policy;
    if (!call?.principal || !tool) return true;
    const right = tool.right;
    if (right && !mayCall(call.principal, right)) {
      throw new DeskError('FORBIDDEN', `Your profile has no right to ${right.action} ${right.domain}s, so ${tool.name} is not available to you.`);
    }
    return true;
  }
}
