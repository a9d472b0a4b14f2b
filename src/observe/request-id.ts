import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * Request ids tie an answer to its log lines, audit row, metrics exemplar and trace. An id is taken
 * from the caller when it sends one we can log safely, else minted. Minted ids are W3C trace ids
 * (32 lower-case hex digits), so the id and the trace of a call are the same string.
 */

/** The header every HTTP answer carries. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an X-Request-Id may hold to be taken as is: printable, no spaces, at most 128 characters. */
const SAFE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** version-traceid-parentid-flags; version ff and all-zero ids are invalid (W3C Trace Context §3.2). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** A W3C trace context taken from a caller. */
export interface TraceContext {
  traceId: string;
  parentId: string;
  flags: string;
}

/** The trace context of a `traceparent` value, or undefined when it is not a valid one. */
export function parseTraceparent(value: unknown): TraceContext | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId, flags, rest] = match;
  // Version 00 has exactly four fields; later versions may append more.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  return { traceId, parentId, flags };
}

/** The caller's span id of each request id taken from a traceparent, until its call's span is opened. */
const parents = new Map<string, string>();
const MAX_PARENTS = 10_000;

function remember(context: TraceContext): string {
  if (parents.size >= MAX_PARENTS) parents.clear();
  parents.set(context.traceId, context.parentId);
  return context.traceId;
}

/** The span id of the caller that sent `requestId` in a traceparent (once), for the call's span to continue. */
export function takeParentSpan(requestId: string): string | undefined {
  const parent = parents.get(requestId);
  if (parent !== undefined) parents.delete(requestId);
  return parent;
}

// Minting is a counter under a random per-process prefix: unique across replicas, no entropy per call.
const PREFIX = randomBytes(8).toString('hex');
let counter = 0;

/** A new id, in trace-id form. */
export function mintRequestId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return PREFIX + counter.toString(16).padStart(16, '0');
}

/** The caller's X-Request-Id when it can be logged as is, else the trace id of its traceparent, else a new id. */
export function requestIdFromHeaders(headers: IncomingHttpHeaders): string {
  const sent = headers['x-request-id'];
  if (typeof sent === 'string' && SAFE_ID.test(sent)) return sent;
  const context = parseTraceparent(headers.traceparent);
  return context ? remember(context) : mintRequestId();
}

/** The id of each HTTP request, given by the server's request listener before anything else runs. */
const ids = new WeakMap<IncomingMessage, string>();

/** Gives `req` its id and puts it on the answer's headers. */
export function assignRequestId(req: IncomingMessage, res: { setHeader(name: string, value: string): unknown }): string {
  const id = requestIdFromHeaders(req.headers);
  ids.set(req, id);
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The id assigned to `req` (a new one if the request never went through the listener, as in some tests). */
export function requestIdOf(req: IncomingMessage): string {
  let id = ids.get(req);
  if (id === undefined) {
    id = requestIdFromHeaders(req.headers);
    ids.set(req, id);
  }
  return id;
}

/**
 * MCP: trace context sent in a request's `_meta` (`traceparent`, as newer protocol revisions allow)
 * names the call's trace; otherwise the call keeps the id of the HTTP request that carried it.
 */
export function requestIdOfCall(meta: unknown, fallback: () => string): string {
  if (typeof meta === 'object' && meta !== null) {
    const context = parseTraceparent((meta as Record<string, unknown>).traceparent);
    if (context) return remember(context);
  }
  return fallback();
}
