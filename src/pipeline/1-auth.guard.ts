import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { currentCall } from '../call/call-context.js';
import { DeskError } from '../envelope/desk-error.js';
import { ClientAddresses } from '../transports/http/client-address.js';
import { SERVES_TOOL } from '../tools/tool.decorator.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { AuthService } from '../auth/auth.service.js';
import { PUBLIC_ROUTE, REQUIRED_SCOPE } from '../auth/public.decorator.js';
import type { Scope } from '../auth/principal.js';

/**
 * First guard of the chain. REST: bearer token with the route's scope (api, or admin), and binds the
 * route to its tool. MCP: the transport already authenticated the caller; a call without a principal
 * never runs.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly reflector: Reflector,
    private readonly tools: ToolRegistry,
    private readonly addresses: ClientAddresses,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const call = currentCall();
    if (context.getType<string>() === 'mcp') {
      if (!call?.principal) throw new DeskError('UNAUTHENTICATED', 'No authenticated caller.');
      return true;
    }
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    if (!call) throw new Error('HTTP request without call context');
    const toolName = this.reflector.get<string | undefined>(SERVES_TOOL, context.getHandler());
    const tool = this.tools.policy(toolName);
    if (tool) {
      call.tool = tool.name;
      call.domain = tool.domain;
      call.policy = tool;
    }
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets) ?? 'api';
    const request = context.switchToHttp().getRequest<Request>();
    call.principal = await this.auth.authenticate(request.headers.authorization, scope, this.addresses.of(request));
    return true;
  }
}
