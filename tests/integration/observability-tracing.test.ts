import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { until } from '@/tests/fixtures/until';

/**
 * Issue 20, point 4: OpenTelemetry switched on by its standard variables, and the worker's own
 * Prometheus listener. A real worker process (scripts/worker.ts) sends a campaign while a loopback
 * HTTP server plays the OTLP/HTTP collector (POST /v1/traces, protobuf by default).
 */
const t = setupTestDatabase();
const TOKEN = 'worker-metrics-token-0123456789abcdef';

interface Export {
  path: string;
  contentType: string;
  body: Buffer;
}

let collector: http.Server;
let collectorUrl: string;
const exports: Export[] = [];

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      exports.push({ path: request.url ?? '', contentType: String(request.headers['content-type']), body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': String(request.headers['content-type'] ?? 'application/json') });
      response.end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** This test's environment without any OTEL_* variable the machine may have set. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('OTEL_') || key === 'WORKER_METRICS_PORT' || key === 'METRICS_TOKEN') delete env[key];
  return env;
}

interface Worker {
  child: ChildProcess;
  stdout: () => string;
}

function startWorker(env: Record<string, string | undefined>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: { ...baseEnv(), DATABASE_URL: t.url, DISPATCH_INTERVAL_MS: '100', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, stdout: () => out };
}

async function stop(worker: Worker): Promise<number | null> {
  if (worker.child.exitCode !== null) return worker.child.exitCode;
  const exited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
  worker.child.kill('SIGTERM');
  return exited;
}

async function sendCampaignWith(env: Record<string, string | undefined>): Promise<{ worker: Worker; campaignId: number }> {
  const scene = await createSendingScene(t.db, { count: 3 });
  const worker = startWorker(env);
  await until('the campaign to be sent', async () => (await deliveryStatuses(t.db, scene.campaignId)).sent === 3);
  return { worker, campaignId: scene.campaignId };
}

describe.runIf(process.env.DATABASE_URL)('the worker process (PostgreSQL)', () => {
  it('with OTEL_EXPORTER_OTLP_ENDPOINT set, sends its dispatcher-round spans to the collector, named by OTEL_SERVICE_NAME', async () => {
    exports.length = 0;
    const { worker } = await sendCampaignWith({ OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_SERVICE_NAME: 'starloop-worker-under-test', OTEL_BSP_SCHEDULE_DELAY: '100' });
    await until('a span export', () => exports.some((e) => e.body.includes('dispatcher.round')));
    expect(await stop(worker)).toBe(0);
    const traces = exports.filter((e) => e.body.includes('dispatcher.round'));
    expect(traces[0].path).toBe('/v1/traces');
    // OTLP/HTTP's default encoding; strings travel as plain UTF-8 inside the protobuf.
    expect(traces[0].contentType).toBe('application/x-protobuf');
    const body = Buffer.concat(traces.map((e) => e.body));
    for (const text of ['starloop-worker-under-test', 'starloop.dispatch.sent', 'starloop.dispatch.claimed']) expect(body.includes(text), text).toBe(true);
  }, 90_000);

  it('sends JSON when OTEL_EXPORTER_OTLP_PROTOCOL=http/json, with the round figures as attributes', async () => {
    exports.length = 0;
    const { worker } = await sendCampaignWith({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collectorUrl}/v1/traces`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' });
    await until('a span export', () => exports.some((e) => e.body.includes('dispatcher.round')));
    // SIGTERM flushes what is still buffered: a clean exit.
    expect(await stop(worker)).toBe(0);
    const spans = exports
      .filter((e) => e.contentType.startsWith('application/json'))
      .flatMap((e) => (JSON.parse(e.body.toString()) as OtlpJson).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ span, service: serviceOf(r) })))));
    const rounds = spans.filter(({ span }) => span.name === 'dispatcher.round');
    expect(rounds.length).toBeGreaterThan(0);
    expect(rounds[0].service).toBe('starloop-worker');
    const sent = rounds.reduce((sum, { span }) => sum + Number(attribute(span, 'starloop.dispatch.sent') ?? 0), 0);
    expect(sent).toBe(3);
  }, 90_000);

  it('sends nothing when tracing is not asked for, or switched off (OTEL_SDK_DISABLED=true, OTEL_TRACES_EXPORTER=none)', async () => {
    for (const env of [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_SDK_DISABLED: 'true' }, { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_TRACES_EXPORTER: 'none' }]) {
      exports.length = 0;
      const { worker } = await sendCampaignWith({ ...env, OTEL_BSP_SCHEDULE_DELAY: '100' });
      await sleep(500);
      expect(await stop(worker)).toBe(0);
      expect(exports, JSON.stringify(env)).toEqual([]);
    }
  }, 120_000);

  it('serves /metrics on WORKER_METRICS_PORT behind the same METRICS_TOKEN, with its own delivery counters', async () => {
    const { worker } = await sendCampaignWith({ WORKER_METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    await until('the metrics listener', () => /metrics on port \d+/.test(worker.stdout()));
    const port = Number(/metrics on port (\d+)/.exec(worker.stdout())?.[1]);
    const scrape = (headers: Record<string, string> = {}, path = '/metrics') => fetch(`http://127.0.0.1:${port}${path}`, { headers });
    try {
      expect((await scrape()).status).toBe(401);
      expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '/other')).status).toBe(404);
      const ok = await scrape({ authorization: `Bearer ${TOKEN}` });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await ok.text();
      expect(text).toMatch(/^deliveries_total\{channel="email",status="sent"\} 3$/m);
      expect(text).toMatch(/^dispatcher_round_seconds_count \d+$/m);
      expect(text).toMatch(/^sending_oldest_queued_age_seconds 0$/m);
    } finally {
      expect(await stop(worker)).toBe(0);
    }
  }, 90_000);

  it('has no metrics listener without a token, even with WORKER_METRICS_PORT set', async () => {
    const { worker } = await sendCampaignWith({ WORKER_METRICS_PORT: '0', METRICS_TOKEN: 'short' });
    expect(await stop(worker)).toBe(0);
    expect(worker.stdout()).not.toMatch(/metrics on port/);
  }, 90_000);
});

interface OtlpSpan {
  name: string;
  attributes: { key: string; value: { intValue?: string | number; stringValue?: string; boolValue?: boolean } }[];
}
interface OtlpJson {
  resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

function attribute(span: Pick<OtlpSpan, 'attributes'>, key: string): string | number | boolean | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.intValue ?? value?.stringValue ?? value?.boolValue;
}

function serviceOf(resourceSpans: OtlpJson['resourceSpans'][number]): unknown {
  return attribute(resourceSpans.resource, 'service.name');
}
