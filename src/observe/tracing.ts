import { randomBytes } from 'node:crypto';
import type * as OtelApi from '@opentelemetry/api';
import type { TraceContext } from './trace-context.js';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the process entry starts the
 * SDK (observe/instrumentation.ts) before the application's modules load, so the HTTP, Express and
 * mysql2 instrumentations see them; without it nothing of OpenTelemetry is loaded and every hook
 * below is one null check.
 *
 * A call is one span — the child of the HTTP request's span, of the trace context its MCP request
 * sent in `_meta`, or a root span whose trace id is the call's request id — and each step of the
 * pipeline it goes through is a child of the call's span. The call carries its span (CallSpan):
 * nothing here keeps calls by id.
 */

interface Tracing {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  /** Exports what is pending and stops the SDK. */
  shutdown(): Promise<void>;
}

let tracing: Tracing | null = null;
/** The trace id the next root span takes (see rootTraceIds). */
let nextTraceId: string | null = null;

const TRACE_ID = /^[0-9a-f]{32}$/;

/** A call's span, opaque outside this module (undefined when tracing is off). */
export type CallSpan = OtelApi.Span;

/** What a traced call carries: its span, once opened. */
export interface Traced {
  readonly span?: CallSpan;
}

export function tracingEnabled(): boolean {
  return tracing !== null;
}

/** Called once by the SDK's start: from now on calls and steps are spans of `tracer`. */
export function useTracer(api: typeof OtelApi, tracer: OtelApi.Tracer, shutdown: () => Promise<void>): void {
  tracing = { api, tracer, shutdown };
}

/** Exports the spans still buffered and stops tracing (the application is closing). */
export async function stopTracing(): Promise<void> {
  const current = tracing;
  tracing = null;
  await current?.shutdown();
}

/**
 * The SDK's id generator: a root span takes the request id of its call as trace id (set just before
 * it starts), so the logs, the audit row and the trace of a call share one id.
 */
export const rootTraceIds = {
  generateTraceId: (): string => {
    const id = nextTraceId ?? randomBytes(16).toString('hex');
    nextTraceId = null;
    return id;
  },
  generateSpanId: (): string => randomBytes(8).toString('hex'),
};

/** The trace id of the span in force (the HTTP request's), for a request id to be that id. */
export function activeTraceId(): string | undefined {
  if (!tracing) return undefined;
  const span = tracing.api.trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

function remoteParent(api: typeof OtelApi, parent: TraceContext): OtelApi.Context {
  return api.trace.setSpanContext(api.ROOT_CONTEXT, {
    traceId: parent.traceId,
    spanId: parent.parentId,
    traceFlags: Number.parseInt(parent.flags, 16),
    isRemote: true,
  });
}

/**
 * Starts a span named `name`: the child of `parent` (a caller's trace context) when given and not
 * already continued, else of the span in force, else a root span in the trace `requestId` names
 * (when it has a trace id's shape).
 */
function startSpan(name: string, requestId: string, kind: OtelApi.SpanKind, attributes: OtelApi.Attributes, parent?: TraceContext): OtelApi.Span {
  const { api, tracer } = tracing!;
  const active = api.context.active();
  const inForce = api.trace.getSpan(active);
  // A caller's context the span in force already continues (a stdio request's span) is not continued twice.
  if (parent && inForce?.spanContext().traceId !== parent.traceId) return tracer.startSpan(name, { kind, attributes }, remoteParent(api, parent));
  if (inForce) return tracer.startSpan(name, { kind, attributes }, active);
  nextTraceId = TRACE_ID.test(requestId) ? requestId : null;
  const span = tracer.startSpan(name, { kind, attributes, root: true }, api.ROOT_CONTEXT);
  nextTraceId = null;
  return span;
}

export interface CallToTrace {
  readonly requestId: string;
  readonly transport: string;
  readonly tool: string | null;
  readonly route: string | null;
}

/** Opens the span of a call (to be carried by the call itself); `parent` is the trace context its request sent in `_meta`. */
export function openCallSpan(call: CallToTrace, parent?: TraceContext): CallSpan | undefined {
  if (!tracing) return undefined;
  const name = call.tool ? `${call.transport} ${call.tool}` : (call.route ?? call.transport);
  return startSpan(
    name,
    call.requestId,
    tracing.api.SpanKind.INTERNAL,
    {
      'intentdesk.request_id': call.requestId,
      'intentdesk.transport': call.transport,
      ...(call.tool ? { 'intentdesk.tool': call.tool } : {}),
    },
    parent,
  );
}

/** Closes the span of a call with its outcome. */
export function endCallSpan(call: Traced, outcome: string): void {
  const span = call.span;
  if (!tracing || !span?.isRecording()) return;
  span.setAttribute('intentdesk.outcome', outcome);
  if (outcome !== 'success') span.setStatus({ code: tracing.api.SpanStatusCode.ERROR, message: outcome });
  span.end();
}

/** Runs `work` with the call's span in force: what it does (database statements) is traced under the call. */
export function inCallSpan<T>(call: Traced, work: () => T): T {
  if (!tracing || !call.span) return work();
  const { api } = tracing;
  return api.context.with(api.trace.setSpan(api.context.active(), call.span), work);
}

/**
 * A span for a request that is not a call yet: the request of a transport without an HTTP span
 * (stdio), continuing the trace context it sent, or a root in the trace its request id names.
 * Its steps (the token check) and its call run under it.
 */
export function inRequestSpan<T>(name: string, requestId: string, parent: TraceContext | undefined, work: () => Promise<T>): Promise<T> {
  if (!tracing) return work();
  const { api } = tracing;
  const span = startSpan(name, requestId, api.SpanKind.SERVER, { 'intentdesk.request_id': requestId }, parent);
  return api.context.with(api.trace.setSpan(api.context.active(), span), work).finally(() => span.end());
}

function settle<T>(span: OtelApi.Span, api: typeof OtelApi, work: () => T): T {
  let result: T;
  try {
    result = work();
  } catch (error) {
    span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
        throw error;
      },
    ) as T;
  }
  span.end();
  return result;
}

/**
 * Runs one step of a call inside a child span of the call's span — or of the span in force when
 * there is no call yet (the MCP token check, made for the whole HTTP request) — with that step's
 * span in force, so its database statements are its children. Tracing off, it just runs `work`.
 */
export function step<T>(call: Traced | undefined, name: string, work: () => T): T {
  if (!tracing) return work();
  const { api, tracer } = tracing;
  const parent = call?.span ? api.trace.setSpan(api.context.active(), call.span) : api.context.active();
  if (!api.trace.getSpan(parent)) return work();
  const span = tracer.startSpan(`intentdesk.${name}`, {}, parent);
  return api.context.with(api.trace.setSpan(parent, span), () => settle(span, api, work));
}

/** Opens a child span by hand, for a step whose end is not a function's return (the service, seen by the interceptor). */
export function openStep(call: Traced, name: string): (() => void) | undefined {
  if (!tracing || !call.span) return undefined;
  const { api, tracer } = tracing;
  const span = tracer.startSpan(`intentdesk.${name}`, {}, api.trace.setSpan(api.ROOT_CONTEXT, call.span));
  return () => span.end();
}
