import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { parseTraceparent, type TraceContext } from './trace-context.js';
import { activeTraceId } from './tracing.js';

/**
 * Request ids tie an answer to its log lines, audit row, metrics exemplar and trace. An id is taken
 * from the caller when it sends one we can log safely, else minted. Minted ids are W3C trace ids
 * (32 lower-case hex digits), so the id and the trace of a call are the same string.
 */

/** The header every HTTP answer carries. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an X-Request-Id may hold to be taken as is: printable, no spaces, at most 128 characters. */
const SAFE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

// Minting is a counter under a random per-process prefix: unique across replicas, no entropy per call.
const PREFIX = randomBytes(8).toString('hex');
let counter = 0;

/** A new id, in trace-id form. */
export function mintRequestId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return PREFIX + counter.toString(16).padStart(16, '0');
}

/**
 * The caller's X-Request-Id when it can be logged as is, else the trace id of its traceparent, else
 * the trace id of the request's span (tracing on: the HTTP span continues that traceparent or starts
 * a trace), else a new id.
 */
export function requestIdFromHeaders(headers: IncomingHttpHeaders): string {
  const sent = headers['x-request-id'];
  if (typeof sent === 'string' && SAFE_ID.test(sent)) return sent;
  return parseTraceparent(headers.traceparent)?.traceId ?? activeTraceId() ?? mintRequestId();
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

/** Who a call is to its logs and traces: its request id, and the trace context it continues, if it sent one. */
export interface CallIdentity {
  readonly requestId: string;
  readonly traceParent?: TraceContext;
}

/**
 * MCP: trace context sent in a request's `_meta` (`traceparent`, as newer protocol revisions allow)
 * names the call's trace, and its span continues it; otherwise the call keeps the id of the HTTP
 * request that carried it (`fallback`).
 */
export function identityOfCall(meta: unknown, fallback: () => string): CallIdentity {
  if (typeof meta === 'object' && meta !== null) {
    const context = parseTraceparent((meta as Record<string, unknown>).traceparent);
    if (context) return { requestId: context.traceId, traceParent: context };
  }
  return { requestId: fallback() };
}
