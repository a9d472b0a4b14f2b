import type { ArgumentsHost } from '@nestjs/common';
import type { Request } from 'express';
import type { Call } from '../tools/call.js';
import { restCallOf } from '../transports/rest/rest-calls.js';

/**
 * The call a step of the chain is working on, as its transport built it: a tool call carries it as
 * its second argument (the MCP dispatcher passed it); a REST request's is RestCalls' (none before
 * the token check, nor on public routes).
 */
export function callOf(host: ArgumentsHost): Call | undefined {
  if (host.getType<string>() === 'mcp') return host.getArgByIndex<Call>(1);
  return restCallOf(host.switchToHttp().getRequest<Request>());
}
