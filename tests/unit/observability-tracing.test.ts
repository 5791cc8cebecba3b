import { describe, expect, it } from 'vitest';
import { metricsAccess } from '@/lib/observability/metrics-access';
import { tracesExporterFrom } from '@/lib/observability/tracing';

/** Issue 20, point 4: what switches tracing on (the standard OTEL_* variables), and who may scrape. */
describe('tracesExporterFrom', () => {
  it('is off unless an OTLP endpoint or a traces exporter is configured', () => {
    expect(tracesExporterFrom({})).toBeNull();
    expect(tracesExporterFrom({ OTEL_SERVICE_NAME: 'starloop' })).toBeNull();
    expect(tracesExporterFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeNull();
    expect(tracesExporterFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('otlp');
    expect(tracesExporterFrom({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe('otlp');
    expect(tracesExporterFrom({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe('otlp');
    expect(tracesExporterFrom({ OTEL_TRACES_EXPORTER: 'Console' })).toBe('console');
  });

  it('honours the off switches: OTEL_SDK_DISABLED=true and OTEL_TRACES_EXPORTER=none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracesExporterFrom({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBeNull();
    expect(tracesExporterFrom({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBe('otlp');
    expect(tracesExporterFrom({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
    expect(tracesExporterFrom({ OTEL_TRACES_EXPORTER: 'otlp,none' })).toBeNull();
  });
});

describe('metricsAccess', () => {
  const token = 'a'.repeat(32);
  it('is unconfigured without a token of 32+ characters, granted only to the exact bearer token', () => {
    expect(metricsAccess(`Bearer ${token}`, {})).toBe('unconfigured');
    expect(metricsAccess('Bearer short', { METRICS_TOKEN: 'short' })).toBe('unconfigured');
    expect(metricsAccess(`Bearer ${token}`, { METRICS_TOKEN: token })).toBe('granted');
    expect(metricsAccess(`Bearer ${token}b`, { METRICS_TOKEN: token })).toBe('denied');
    expect(metricsAccess(undefined, { METRICS_TOKEN: token })).toBe('denied');
    expect(metricsAccess(`Basic ${token}`, { METRICS_TOKEN: token })).toBe('denied');
  });
});
