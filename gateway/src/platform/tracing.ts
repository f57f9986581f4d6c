import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * Traces (decision 0088) through OpenTelemetry: on only when an OTLP endpoint is configured. While off, no SDK is
 * loaded, nothing is sent and the helpers below return at their first line, so the hot paths pay one boolean test.
 * Only the API (a few KiB) is loaded at start; the SDK and the exporter are imported by `startTracing`.
 */
let enabled = false;
const tracer = () => trace.getTracer('agency-gateway');

export const tracingEnabled = () => enabled;

export interface TracingOptions {
  /** The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT): spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  version: string;
  /** Sent with each export (OTEL_EXPORTER_OTLP_HEADERS): the collector's key. */
  headers?: Record<string, string>;
  /** How long ended spans wait to be sent together (ms). */
  batchDelayMs?: number;
}

/**
 * Starts exporting spans over OTLP/HTTP (JSON) and continuing W3C `traceparent`; answers the function that sends
 * what is left and stops (at shutdown).
 */
export async function startTracing(options: TracingOptions): Promise<() => Promise<void>> {
  const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, base, node, semantic] =
    await Promise.all([
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/semantic-conventions'),
    ]);
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
    headers: options.headers ?? {},
  });
  const provider = new node.NodeTracerProvider({
    resource: resourceFromAttributes({
      [semantic.ATTR_SERVICE_NAME]: options.serviceName,
      [semantic.ATTR_SERVICE_VERSION]: options.version,
    }),
    // Every span is kept: the browser asks for its page load's trace to be sampled, and a site this size makes few.
    sampler: new base.ParentBasedSampler({ root: new base.AlwaysOnSampler() }),
    spanProcessors: [new base.BatchSpanProcessor(exporter, { scheduledDelayMillis: options.batchDelayMs ?? 1000 })],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  enabled = true;
  return async () => {
    enabled = false;
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** The trace id of a `traceparent` value, when it is a valid one (for log lines, traced or not). */
export const traceIdOf = (traceparent: string | undefined) => {
  const id = traceparent ? TRACEPARENT.exec(traceparent.trim())?.[1] : undefined;
  return id && !/^0+$/.test(id) ? id : undefined;
};

/** The context a request continues: the caller's `traceparent` (the browser's page-load trace), or a new trace. */
export const contextFrom = (traceparent: string | undefined): Context =>
  traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;

/** The `traceparent` of the active span, to hand to another process (a server render's task). */
export function currentTraceparent(): string | undefined {
  if (!enabled) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * Runs `work` inside a span named `name` (a child of the active one, or of `parent`) and ends it with the outcome;
 * off, runs `work` alone. An error marks the span and is rethrown.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
  { kind = SpanKind.INTERNAL, parent }: { kind?: SpanKind; parent?: Context } = {},
): Promise<T> {
  if (!enabled) return work(undefined);
  return tracer().startActiveSpan(name, { kind, attributes }, parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span of work that already happened elsewhere (a render process's own timing), as a child of the active span. */
export function recordSpan(name: string, startMs: number, endMs: number, attributes: Attributes, failed = false) {
  if (!enabled) return;
  const span = tracer().startSpan(name, { startTime: startMs, attributes }, context.active());
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(endMs);
}

/** No parent: the span starts a trace of its own (a background job's run). */
export const ROOT = ROOT_CONTEXT;

export { SpanKind, SpanStatusCode };
