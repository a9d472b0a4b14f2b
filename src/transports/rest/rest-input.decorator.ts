import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

export type RestSource = 'body' | 'query' | 'params+body' | 'params+query';

/** Where a REST handler's input comes from: read by the OpenAPI document (parameters and body). */
export const REST_INPUT = 'intentdesk:rest-input';

export interface RestInputMeta {
  /** Position of the DTO among the handler's parameters (its class is in `design:paramtypes`). */
  index: number;
  source: RestSource;
}

const readInput = createParamDecorator((source: RestSource, context: ExecutionContext): Record<string, unknown> => {
  const request = context.switchToHttp().getRequest<Request>();
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  const query = request.query as Record<string, unknown>;
  const params = pathParams(request.params);
  switch (source) {
    case 'body':
      return body;
    case 'query':
      return { ...query };
    case 'params+body':
      return { ...body, ...params };
    case 'params+query':
      return { ...query, ...params };
  }
});

/**
 * The input DTO of a REST handler, gathered from the request the way the route takes it; the global
 * input pipe then parses it exactly as it parses a tool call's arguments. A path id wins over a
 * body `id`. The source is also recorded for the OpenAPI document, so what it declares is what is read.
 */
export function RestInput(source: RestSource): ParameterDecorator {
  return (target, key, index) => {
    readInput(source)(target, key, index);
    if (key !== undefined) Reflect.defineMetadata(REST_INPUT, { index, source } satisfies RestInputMeta, target, key);
  };
}

/** Path segments that are whole numbers are ids: /api/tickets/42 means id 42, as a number. */
function pathParams(params: Record<string, string | string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) out[key] = typeof value === "string" && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : value;
  return out;
}

/** Sources whose values are all text (URL query and path). */
export function isTextSource(data: unknown): boolean {
  return data === 'query' || data === 'params+query';
}
