import type { IncomingMessage } from 'node:http';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../../auth/principal.js';
import { AppConfig } from '../../config/app-config.js';
import { zoneInForce } from '../../dates/dates.js';
import { requestIdOf } from '../../observe/request-id.js';
import { openCallSpan } from '../../observe/tracing.js';
import type { Call, CallTrace } from '../../tools/call.js';
import { SERVES_TOOL } from '../../tools/tool.decorator.js';
import { ToolRegistry } from '../../tools/tool-registry.js';
import { gatheredArgument, restInputOf } from './rest-request.js';

/** Per request, what the REST transport knows of its call: when it arrived, its trace, then the call itself. */
const arrivals = new WeakMap<IncomingMessage, number>();
const traces = new WeakMap<IncomingMessage, CallTrace>();
const calls = new WeakMap<IncomingMessage, Call>();

function routeOf(req: Request): string {
  return `${req.method} ${req.originalUrl.split('?')[0]}`;
}

/** Middleware of every REST request: notes its arrival. */
export function restCallMiddleware(req: Request, _res: Response, next: NextFunction): void {
  arrivals.set(req, performance.now());
  next();
}

/** The call of an authenticated REST request; undefined on public routes and before the token check. */
export function restCallOf(req: IncomingMessage): Call | undefined {
  return calls.get(req);
}

/** What an answer to a REST request names, whatever stage it was refused at. */
export function restTraceOf(req: Request): CallTrace {
  return (
    calls.get(req) ??
    traces.get(req) ?? {
      transport: 'rest',
      requestId: requestIdOf(req),
      startedAt: arrivals.get(req) ?? performance.now(),
      tool: null,
      route: routeOf(req),
      domain: null,
      principal: null,
      sessionId: null,
    }
  );
}

/**
 * The REST transport's calls. A route's request becomes a call when the token check (AuthGuard, the
 * first step Nest gives that knows the route) has found its caller: built here, once, from the request,
 * the route's metadata and that caller, then read by every later step and handed to the service.
 */
@Injectable()
export class RestCalls {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {}

  /** The trace of a route's request, before its caller is known (a refused token's answer names the tool). */
  begin(context: ExecutionContext): CallTrace {
    const req = context.switchToHttp().getRequest<Request>();
    const policy = this.registry.policy(this.reflector.get<string | undefined>(SERVES_TOOL, context.getHandler()));
    const requestId = requestIdOf(req);
    const tool = policy?.name ?? null;
    const route = routeOf(req);
    const trace: CallTrace = Object.freeze({
      transport: 'rest',
      requestId,
      startedAt: arrivals.get(req) ?? performance.now(),
      tool,
      route,
      domain: policy?.domain ?? null,
      principal: null,
      sessionId: null,
      // Tracing on: a child of the HTTP request's span, which continued the caller's traceparent.
      span: openCallSpan({ requestId, transport: 'rest', tool, route }),
    });
    traces.set(req, trace);
    return trace;
  }

  /** A request refused once its caller was known (a token without the route's scope): its answer and audit name who. */
  refusedCaller(context: ExecutionContext, trace: CallTrace, principal: Principal): void {
    traces.set(context.switchToHttp().getRequest<Request>(), Object.freeze({ ...trace, principal }));
  }

  /** The call of the request, once its caller is known. */
  open(context: ExecutionContext, trace: CallTrace, principal: Principal): Call {
    const req = context.switchToHttp().getRequest<Request>();
    const policy = this.registry.policy(trace.tool ?? undefined) ?? null;
    const input = restInputOf(context.getClass().prototype as object, context.getHandler().name);
    const raw = input && policy?.zoneField ? gatheredArgument(req, input.source, policy.zoneField) : undefined;
    const call: Call = Object.freeze({ ...trace, principal, policy, zone: zoneInForce(raw, principal.timezone, this.config.defaultTimezone) });
    calls.set(req, call);
    return call;
  }
}
