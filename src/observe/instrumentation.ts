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
 * Starts the OpenTelemetry SDK, exporting spans by OTLP/HTTP to `<endpoint>/v1/traces`, with the
 * HTTP (server spans, W3C traceparent continued), Express and mysql2 instrumentations. It must run
 * before the application's modules load: Nest, Express and mysql2 are patched as they are imported
 * (ES modules through the import-in-the-middle loader hook, limited to the modules instrumented;
 * CommonJS ones as they are required). Only the process entry calls it, and only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise none of these packages is ever loaded.
 */
export async function startInstrumentation(endpoint: string, serviceName: string): Promise<void> {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions);

  const [
    api,
    { NodeSDK },
    { BatchSpanProcessor },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { ExpressInstrumentation, ExpressLayerType },
    { MySQL2Instrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-mysql2'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    idGenerator: rootTraceIds,
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }), scheduledDelayMillis: 500 }),
    ],
    // Traces only: metrics are Prometheus's (/metrics), logs are JSON lines on stderr.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: untraced }),
      // Route handlers, not every middleware of the framework (body parsing, CORS...).
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new MySQL2Instrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  useTracer(api, api.trace.getTracer('intentdesk'), () => sdk.shutdown());
}
