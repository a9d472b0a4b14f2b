import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Call } from '../../tools/call.js';
import { RawInput } from '../../tools/raw-input.js';
import { restCallOf } from './rest-calls.js';
import { gatherInput, pathConflicts, REST_INPUT, type RestInputMeta, type RestSource, unreadQuery } from './rest-request.js';

function callOfRequest(request: Request): Call {
  const call = restCallOf(request);
  if (!call) throw new Error(`${request.method} ${request.path}: a public route has no call to hand over`);
  return call;
}

const readInput = createParamDecorator((source: RestSource, context: ExecutionContext): RawInput => {
  const request = context.switchToHttp().getRequest<Request>();
  const fromUrl = source === 'query' || source === 'params+query';
  return new RawInput(
    gatherInput(request, source),
    callOfRequest(request),
    fromUrl ? 'query' : 'json',
    unreadQuery(request, source),
    pathConflicts(request, source),
  );
});

/**
 * The input DTO of a REST handler, gathered from the request the way the route takes it; the global
 * input pipe then parses it exactly as it parses a tool call's arguments. The source is also recorded
 * for the OpenAPI document, so what it declares is what is read.
 */
export function RestInput(source: RestSource): ParameterDecorator {
  return (target, key, index) => {
    readInput(source)(target, key, index);
    if (key !== undefined) Reflect.defineMetadata(REST_INPUT, { index, source } satisfies RestInputMeta, target, key);
  };
}

/** The call of a REST handler (the way a tool method receives its second argument). */
export const CallOf = createParamDecorator((_data: unknown, context: ExecutionContext): Call => callOfRequest(context.switchToHttp().getRequest<Request>()));
