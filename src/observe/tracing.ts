import { randomBytes } from 'node:crypto';
import type * as OtelApi from '@opentelemetry/api';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK and the OTLP exporter
 * are imported then, so a process without it neither loads them nor pays for them (every hook below
 * is one null check). A call is one span, in the trace its request id names (a continued
 * traceparent, or the minted id, which has a trace id's shape); each step of the pipeline it goes
 * through is a child span: rate limit, lock, rights, input, service, write transaction, audit.
 */

interface Tracing {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let tracing: Tracing | null = null;
/** The span of each call in flight, by request id. */
const calls = new Map<string, OtelApi.Span>();
/** The trace id the next root span takes (see the id generator below). */
let nextTraceId: string | null = null;

const TRACE_ID = /^[0-9a-f]{32}$/;

export function tracingEnabled(): boolean {
  return tracing !== null;
}

/** Loads the SDK and starts exporting to `endpoint` (OTLP over HTTP, `<endpoint>/v1/traces`). */
export async function startTracing(endpoint: string): Promise<void> {
  if (tracing) return;
  const [api, sdk, exporter, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'intentdesk' }),
    // A call's root span takes the request id as its trace id, so logs, audit rows and traces share one id.
    idGenerator: {
      generateTraceId: () => {
        const id = nextTraceId ?? randomBytes(16).toString('hex');
        nextTraceId = null;
        return id;
      },
      generateSpanId: () => randomBytes(8).toString('hex'),
    },
    spanProcessors: [
      new sdk.BatchSpanProcessor(new exporter.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }), { scheduledDelayMillis: 500 }),
    ],
  });
  tracing = { api, tracer: provider.getTracer('intentdesk'), flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

/** Exports what is pending and stops (shutdown). */
export async function stopTracing(): Promise<void> {
  const current = tracing;
  tracing = null;
  calls.clear();
  await current?.shutdown();
}

export interface TracedCall {
  readonly requestId: string;
  readonly transport: string;
  readonly tool: string | null;
  readonly route: string | null;
}

/** Opens the span of a call; `parentSpanId` is the caller's span (a traceparent), when it sent one. */
export function beginCall(call: TracedCall, parentSpanId?: string): void {
  if (!tracing) return;
  const { api, tracer } = tracing;
  const name = call.tool ? `${call.transport} ${call.tool}` : (call.route ?? call.transport);
  const attributes = {
    'intentdesk.request_id': call.requestId,
    'intentdesk.transport': call.transport,
    ...(call.tool ? { 'intentdesk.tool': call.tool } : {}),
  };
  let span: OtelApi.Span;
  if (parentSpanId && TRACE_ID.test(call.requestId)) {
    const parent = api.trace.setSpanContext(api.ROOT_CONTEXT, { traceId: call.requestId, spanId: parentSpanId, traceFlags: 1, isRemote: true });
    span = tracer.startSpan(name, { kind: api.SpanKind.SERVER, attributes }, parent);
  } else {
    nextTraceId = TRACE_ID.test(call.requestId) ? call.requestId : null;
    span = tracer.startSpan(name, { kind: api.SpanKind.SERVER, attributes, root: true }, api.ROOT_CONTEXT);
    nextTraceId = null;
  }
  calls.set(call.requestId, span);
}

/** Closes the span of a call with its outcome. */
export function endCall(requestId: string, outcome: string): void {
  if (!tracing) return;
  const span = calls.get(requestId);
  if (!span) return;
  calls.delete(requestId);
  span.setAttribute('intentdesk.outcome', outcome);
  if (outcome !== 'success') span.setStatus({ code: tracing.api.SpanStatusCode.ERROR, message: outcome });
  span.end();
}

/** Runs one step of a call inside a child span of the call's span (or just runs it, tracing off). */
export function step<T>(requestId: string | undefined, name: string, work: () => T): T {
  if (!tracing || requestId === undefined) return work();
  const parent = calls.get(requestId);
  if (!parent) return work();
  const { api, tracer } = tracing;
  const span = tracer.startSpan(`intentdesk.${name}`, {}, api.trace.setSpan(api.ROOT_CONTEXT, parent));
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

/** Opens a child span by hand, for a step whose end is not a function's return (the service, seen by the interceptor). */
export function openStep(requestId: string, name: string): (() => void) | undefined {
  if (!tracing) return undefined;
  const parent = calls.get(requestId);
  if (!parent) return undefined;
  const { api, tracer } = tracing;
  const span = tracer.startSpan(`intentdesk.${name}`, {}, api.trace.setSpan(api.ROOT_CONTEXT, parent));
  return () => span.end();
}
