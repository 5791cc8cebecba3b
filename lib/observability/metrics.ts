import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { getDb, type Db } from '@/db/client';
import { annotateRequestSpan, recordSpan } from './tracing';

interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  deliveries: Counter<'channel' | 'status'>;
  transportErrors: Counter<'transport' | 'kind'>;
  dispatcherRound: Histogram;
  contactsImport: Histogram;
  reviewsImport: Histogram;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of /api requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'deliveries_total',
    help: 'Delivery outcomes recorded by the dispatcher, by channel and outcome.',
    labelNames: ['channel', 'status'] as const,
    registers: [registry],
  });
  const transportErrors = new Counter({
    name: 'transport_errors_total',
    help: 'Transport failures seen by the dispatcher, by transport and kind (retry, failed, review).',
    labelNames: ['transport', 'kind'] as const,
    registers: [registry],
  });
  const dispatcherRound = new Histogram({
    name: 'dispatcher_round_seconds',
    help: 'Duration of dispatcher rounds in this process.',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const contactsImport = new Histogram({
    name: 'contacts_import_duration_seconds',
    help: 'Duration of committed contact imports.',
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const reviewsImport = new Histogram({
    name: 'reviews_import_duration_seconds',
    help: 'Duration of committed review imports (CSV or spreadsheet of other sites).',
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  new Gauge({
    name: 'sending_oldest_queued_age_seconds',
    help: 'Age of the oldest queued delivery already due (0 when none): how far sending lags.',
    registers: [registry],
    async collect() {
      this.set(await oldestQueuedAgeSeconds());
    },
  });
  return { registry, httpDuration, deliveries, transportErrors, dispatcherRound, contactsImport, reviewsImport };
}

// One set per process: route bundles and instrumentation.ts (the inline dispatcher) may each load
// this module, and Next dev reloads it; every copy must count into the registry /api/metrics reads.
const store = globalThis as unknown as { __starloopMetrics?: Metrics; __starloopMetricsDb?: Db };
const metrics = (store.__starloopMetrics ??= createMetrics());

/** The worker's database for the queue gauge: it opens its own handle, not the process one. */
export function setMetricsDatabase(db: Db): void {
  store.__starloopMetricsDb = db;
}

/**
 * Across all merchants on purpose (an operator's figure, no tenant data): the queued partial index
 * (deliveries_claim_idx) answers it from the index alone.
 */
async function oldestQueuedAgeSeconds(): Promise<number> {
  const db = store.__starloopMetricsDb ?? (await getDb());
  const [row] = await db.execute<{ age: string | number | null }>(
    sql`select extract(epoch from (now() - min(next_attempt_at))) as age
        from deliveries where status = 'queued' and next_attempt_at <= now()`,
  );
  return row?.age == null ? 0 : Math.max(0, Number(row.age));
}

export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  metrics.httpDuration.observe({ method, route, status: String(status) }, seconds);
  annotateRequestSpan(route, status);
}

const TRANSPORT_FAILURES = new Set(['retry', 'failed', 'review']);

/** One delivery outcome (lib/sending/dispatcher.ts); transport failures are counted on the side. */
export function countDeliveryOutcome(channel: 'email' | 'sms', transport: string, outcome: string): void {
  metrics.deliveries.inc({ channel, status: outcome });
  if (TRANSPORT_FAILURES.has(outcome)) metrics.transportErrors.inc({ transport, kind: outcome });
}

/**
 * Starts timing a dispatcher round; call the answer at its end with the round's figures (none when
 * it failed). A round that did something (or failed) is also a `dispatcher.round` span: idle polls
 * every few seconds would bury a trace view.
 */
export function startDispatchRoundTimer(): (figures?: Record<string, number>) => void {
  const end = metrics.dispatcherRound.startTimer();
  const startedAt = Date.now();
  return (figures) => {
    end();
    const busy = !figures || Object.values(figures).some((n) => n > 0);
    if (busy) recordSpan('dispatcher.round', startedAt, figures ? prefixed('starloop.dispatch.', figures) : { 'starloop.dispatch.failed': true });
  };
}

function prefixed(prefix: string, figures: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [prefix + k, v]));
}

/** Starts timing a contact import; call the answer when it is committed. */
export function startContactsImportTimer(): () => void {
  const end = metrics.contactsImport.startTimer();
  return () => void end();
}

/** Starts timing a review import; call the answer when it is committed. */
export function startReviewsImportTimer(): () => void {
  const end = metrics.reviewsImport.startTimer();
  return () => void end();
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function scrapeMetrics(): Promise<string> {
  return metrics.registry.metrics();
}
