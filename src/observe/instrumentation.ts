import type { IncomingMessage } from 'node:http';
import { register } from 'node:module';
import { rootTraceIds, useTracer } from './tracing.js';

/** Requests a load balancer or Prometheus makes all day: no trace for them. */
const UNTRACED_PATHS = new Set(['/metrics', '/health', '/ready']);

function untraced(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return UNTRACED_PATHS.has(query === -1 ? url : url.slice(0, query));
}

/**
 * Starts OpenTelemetry tracing, exporting spans by OTLP/HTTP to `<endpoint>/v1/traces`, with the
 * HTTP (server spans, W3C traceparent continued), Express and mysql2 instrumentations. It must run
 * before the application's modules load: Nest, Express and mysql2 are patched as they are imported
 * (ES modules through the import-in-the-middle loader hook, limited to the modules instrumented;
 * CommonJS ones as they are required). Only the process entry calls it, and only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise none of these packages is ever loaded.
 *
 * The pieces are set up by hand, as the Node SDK (`@opentelemetry/sdk-node`) would for traces: that
 * package imports every exporter it can be configured with (gRPC, protobuf, Zipkin, Prometheus,
 * logs, metrics), tens of MiB of a process that exports traces over OTLP/HTTP only.
 */
export async function startInstrumentation(endpoint: string, serviceName: string): Promise<void> {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions);

  const [
    api,
    { AsyncLocalStorageContextManager },
    { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator },
    { defaultResource, detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes },
    { BatchSpanProcessor, TracerProvider },
    { OTLPTraceExporter },
    { registerInstrumentations },
    { HttpInstrumentation },
    { ExpressInstrumentation, ExpressLayerType },
    { MySQL2Instrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-mysql2'),
  ]);
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: untraced }),
      // Route handlers, not every middleware of the framework (body parsing, CORS...).
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new MySQL2Instrumentation(),
    ],
  });
  // A span stays in force across awaits: the statements of a call are its children.
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  // Traces only: metrics are Prometheus's (/metrics), logs are JSON lines on stderr.
  const provider = new TracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES, the process and the host, then the service's name over them.
    resource: defaultResource()
      .merge(detectResources({ detectors: [envDetector, processDetector, hostDetector] }))
      .merge(resourceFromAttributes({ 'service.name': serviceName })),
    idGenerator: rootTraceIds,
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }), scheduledDelayMillis: 500 }),
    ],
  });
  api.trace.setGlobalTracerProvider(provider);
  await waitForAllMessagesAcknowledged();
  useTracer(api, api.trace.getTracer('intentdesk'), () => provider.shutdown());
}
