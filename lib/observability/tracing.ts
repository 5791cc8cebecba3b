import { trace, type Attributes } from '@opentelemetry/api';

/**
 * OpenTelemetry tracing, switched on by the standard environment variables only:
 * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (OTLP over HTTP; protocol from
 * OTEL_EXPORTER_OTLP[_TRACES]_PROTOCOL, http/protobuf by default), or OTEL_TRACES_EXPORTER=otlp
 * (localhost:4318) or console. OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none wins. With none
 * of them the SDK is never imported: spans below are the API's no-op spans, a few allocations.
 * The web server (instrumentation.ts) and the worker (scripts/worker.ts) both call startTracing.
 */
export type TracesExporter = 'otlp' | 'console' | null;

/** Which exporter the environment asks for, or null for none. */
export function tracesExporterFrom(env: Readonly<Record<string, string | undefined>> = process.env): TracesExporter {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  const named = env.OTEL_TRACES_EXPORTER?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) ?? [];
  if (named.includes('none')) return null;
  if (named.includes('console')) return 'console';
  if (named.includes('otlp')) return 'otlp';
  return env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() ? 'otlp' : null;
}

export interface Tracing {
  /** Sends the spans still buffered and stops the SDK (call before the process exits). */
  shutdown(): Promise<void>;
}

const store = globalThis as unknown as { __starloopTracing?: Promise<Tracing | null> };

/**
 * Registers the SDK once per process when the environment asks for it (null otherwise).
 * `defaultServiceName` names the process kind; OTEL_SERVICE_NAME overrides it.
 */
export function startTracing(defaultServiceName: string): Promise<Tracing | null> {
  store.__starloopTracing ??= register(defaultServiceName);
  return store.__starloopTracing;
}

async function register(defaultServiceName: string): Promise<Tracing | null> {
  const exporter = tracesExporterFrom();
  if (!exporter) return null;
  // @vercel/otel treats any non-empty OTEL_SDK_DISABLED as true; the specification says only "true".
  if (process.env.OTEL_SDK_DISABLED?.trim()) delete process.env.OTEL_SDK_DISABLED;
  const { registerOTel } = await import('@vercel/otel');
  const consoleExporter = exporter === 'console' ? new (await import('@opentelemetry/sdk-trace-base')).ConsoleSpanExporter() : undefined;
  registerOTel({ serviceName: process.env.OTEL_SERVICE_NAME?.trim() || defaultServiceName, ...(consoleExporter ? { traceExporter: consoleExporter } : {}) });
  return {
    async shutdown() {
      // registerOTel keeps the provider to itself; the API's proxy hands it out.
      const provider = (trace.getTracerProvider() as { getDelegate?: () => unknown }).getDelegate?.() as { shutdown?: () => Promise<void> } | undefined;
      await provider?.shutdown?.();
    },
  };
}

const tracer = () => trace.getTracer('starloop');

/**
 * A span for work already done, from `startedAt` (epoch ms) to now: the dispatcher round is timed
 * by the metrics module and becomes a span at its end. No-op without the SDK.
 */
export function recordSpan(name: string, startedAt: number, attributes: Attributes = {}): void {
  tracer().startSpan(name, { startTime: startedAt, attributes }).end();
}

/** Names the route pattern and status on the request's span (Next's own, when tracing is on). */
export function annotateRequestSpan(route: string, status: number): void {
  trace.getActiveSpan()?.setAttributes({ 'http.route': route, 'http.response.status_code': status });
}
