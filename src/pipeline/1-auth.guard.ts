import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AuthService, ScopeRefused } from '../auth/auth.service.js';
import type { Scope } from '../auth/principal.js';
import { PUBLIC_ROUTE, REQUIRED_SCOPE } from '../auth/public.decorator.js';
import { step } from '../observe/tracing.js';
import { ClientAddresses } from '../transports/http/client-address.js';
import { RestCalls } from '../transports/rest/rest-calls.js';

/**
 * First step: the token check. MCP: the transport authenticated the caller before building the call.
 * REST: a bearer token with the route's scope (api, or admin); once its caller is known, the REST
 * transport builds the route's call.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly reflector: Reflector,
    private readonly calls: RestCalls,
    private readonly addresses: ClientAddresses,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // A plain true, not a promise: Nest awaits only what is one, and every tool call passes here.
    if (context.getType<string>() === 'mcp') return true;
    return this.restCaller(context);
  }

  private async restCaller(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const trace = this.calls.begin(context);
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets) ?? 'api';
    const request = context.switchToHttp().getRequest<Request>();
    try {
      const principal = await step(trace, 'auth', () => this.auth.authenticate(request.headers.authorization, scope, this.addresses.of(request)));
      this.calls.open(context, trace, principal);
    } catch (error) {
      if (error instanceof ScopeRefused) this.calls.refusedCaller(context, trace, error.principal);
      throw error;
    }
    return true;
  }
}
