import type { Context, MiddlewareHandler } from 'hono';
import { answeredStatus } from '../../platform/http/client-abort';
import { routeLabel } from './metrics';
import { contextFrom, inSpan, SpanKind, SpanStatusCode, traceIdOf, tracingEnabled } from '../../platform/tracing';

const TRACE_ID_KEY = 'traceId';

/**
 * The caller's `traceparent`: its header, or for a beacon (which cannot set headers) the `traceparent` query
 * parameter the shell adds (decision 0088).
 */
function traceparentOf(c: Context): string | undefined {
  return c.req.header('traceparent') ?? (c.req.url.includes('traceparent=') ? c.req.query('traceparent') : undefined);
}

/**
 * The server span of a request (decision 0088): a child of the browser's page-load span when the request carries
 * one, named by the route that answered (`GET /api/blog-posts/:slug`), so routing shows in the trace. With tracing off
 * it does nothing: the request's log line reads the caller's trace id itself, when it is written.
 */
export const requestTrace: MiddlewareHandler = async (c, next) => {
  if (!tracingEnabled()) return next();
  const traceparent = traceparentOf(c);
  await inSpan(
    `${c.req.method} route`,
    { 'http.request.method': c.req.method, 'url.path': c.req.path },
    async (span) => {
      c.set(TRACE_ID_KEY, span?.spanContext().traceId);
      await next();
      const route = routeLabel(c);
      const status = answeredStatus(c);
      span?.updateName(`${c.req.method} ${route}`);
      span?.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
    },
    { kind: SpanKind.SERVER, parent: contextFrom(traceparent) },
  );
};

/** The trace id a request's log line carries: its span's, or with tracing off the one the caller sent. */
export const requestTraceId = (c: Context): string | undefined =>
  (c.get(TRACE_ID_KEY) as string | undefined) ?? traceIdOf(traceparentOf(c));
