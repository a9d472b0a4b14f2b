import type { Request } from 'express';
import { echo, quoted } from '../../envelope/echo.js';
import type { Issue } from '../../envelope/issue.js';
import type { PathConflict } from '../../input/input-parser.js';
import { readId } from '../../input/record-id.js';

export type RestSource = 'body' | 'query' | 'params+body' | 'params+query';

/** Where a REST handler's input comes from: read by the OpenAPI document (parameters and body). */
export const REST_INPUT = 'intentdesk:rest-input';

export interface RestInputMeta {
  /** Position of the DTO among the handler's parameters (its class is in `design:paramtypes`). */
  index: number;
  source: RestSource;
}

/**
 * The arguments of a request, gathered the way its route takes them (a path id wins over a body
 * `id`). A JSON body that is no object (an array, null, a string) is handed over as it came, for the
 * input parser to refuse as the arguments of a tool call are: read as no arguments, it was answered
 * with the required fields, as if nothing had been sent.
 */
export function gatherInput(request: Request, source: RestSource): unknown {
  // No body (none sent, or a route the JSON parser did not read): no arguments.
  const body: unknown = request.body === undefined ? {} : request.body;
  switch (source) {
    case 'body':
      return body;
    case 'query':
      return { ...(request.query as Record<string, unknown>) };
    case 'params+body':
      return isJsonObject(body) ? { ...body, ...pathParams(request.params) } : body;
    case 'params+query':
      return { ...(request.query as Record<string, unknown>), ...pathParams(request.params) };
  }
}

/** One argument of a request, gathered the way its route takes them; undefined when the arguments are no object. */
export function gatheredArgument(request: Request, source: RestSource, name: string): unknown {
  const input = gatherInput(request, source);
  return isJsonObject(input) ? input[name] : undefined;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The query parameters of a route that reads its body (every write): a `?dry_run=true` there would
 * otherwise be dropped unseen and the write made for real. Undefined when there are none.
 */
export function unreadQuery(request: Request, source: RestSource): Record<string, unknown> | undefined {
  if (source === 'query' || source === 'params+query') return undefined;
  const query = request.query as Record<string, unknown>;
  return Object.keys(query).length > 0 ? query : undefined;
}

/**
 * A value sent in the body (or query string) under the name of a path segment, that is not the
 * path's: `PATCH /api/tickets/42 {"id": 43}` names two records, and taking the path's silently would
 * change one the caller did not mean. One issue each; undefined when they agree (`"42"` is 42) or none is sent;
 * a name beside an id stands only if it names another record (PathConflict).
 */
export function pathConflicts(request: Request, source: RestSource): PathConflict[] | undefined {
  if (source !== 'params+body' && source !== 'params+query') return undefined;
  // Express parses the query string on every read of request.query: a URL without one is not read again.
  if (source === 'params+query' && !request.url.includes('?')) return undefined;
  const sent: unknown = source === 'params+body' ? request.body : request.query;
  if (typeof sent !== 'object' || sent === null) return undefined;
  let conflicts: PathConflict[] | undefined;
  for (const [name, segment] of Object.entries(request.params)) {
    const value = (sent as Record<string, unknown>)[name];
    if (value === undefined) continue;
    const inPath = pathValue(segment);
    if (samePathValue(value, inPath)) continue;
    const where = source === 'params+body' ? 'the body' : 'the query string';
    const issue: Issue = {
      field: name,
      code: 'INVALID_VALUE',
      received: echo(value),
      message: `${name} ${quoted(value)} in ${where} is not the ${name} in the path (${quoted(inPath)}). Send the path's ${name}, or leave ${name} out of ${where}.`,
      expected: String(inPath),
    };
    // A name beside a path id may name the same record: the input parser resolves it to tell.
    const named = typeof value === 'string' && typeof inPath === 'number' && readId(value) === undefined;
    (conflicts ??= []).push(named ? { issue, unlessNamed: { name: value, id: inPath } } : { issue });
  }
  return conflicts;
}

/** A value sent means what the path segment does: the same id (42, "42", "#42"), or the same text. */
function samePathValue(value: unknown, inPath: unknown): boolean {
  return typeof inPath === 'number' ? readId(value) === inPath : value === inPath;
}

/** Where a handler's input comes from, when it has one. */
export function restInputOf(prototype: object, handler: string): RestInputMeta | undefined {
  return Reflect.getMetadata(REST_INPUT, prototype, handler) as RestInputMeta | undefined;
}

/** Path segments that are ids are numbers: /api/tickets/42 means id 42. */
function pathParams(params: Record<string, string | string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) out[key] = pathValue(value);
  return out;
}

function pathValue(segment: string | string[]): unknown {
  const id = readId(segment);
  return typeof id === 'number' ? id : segment;
}
