import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { getDb } from '@/db/client';
import { sqlRows } from '@/lib/db/rows';

interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  deliveries: Counter<'channel' | 'status'>;
  transportErrors: Counter<'transport' | 'kind'>;
  dispatcherRound: Histogram;
  contactsImport: Histogram;
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
  new Gauge({
    name: 'sending_oldest_queued_age_seconds',
    help: 'Age of the oldest queued delivery already due (0 when none): how far sending lags.',
    registers: [registry],
    async collect() {
      this.set(await oldestQueuedAgeSeconds());
    },
  });
  return { registry, httpDuration, deliveries, transportErrors, dispatcherRound, contactsImport };
}

// One set per process: route bundles and instrumentation.ts (the inline dispatcher) may each load
// this module, and Next dev reloads it; every copy must count into the registry /api/metrics reads.
const store = globalThis as unknown as { __starloopMetrics?: Metrics };
const metrics = (store.__starloopMetrics ??= createMetrics());

/**
 * Across all merchants on purpose (an operator's figure, no tenant data): the queued partial index
 * (deliveries_claim_idx) answers it from the index alone.
 */
async function oldestQueuedAgeSeconds(): Promise<number> {
  const db = await getDb();
  const [row] = await sqlRows<{ age: string | number | null }>(
    db,
    sql`select extract(epoch from (now() - min(next_attempt_at))) as age
        from deliveries where status = 'queued' and next_attempt_at <= now()`,
  );
  return row?.age == null ? 0 : Math.max(0, Number(row.age));
}

export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  metrics.httpDuration.observe({ method, route, status: String(status) }, seconds);
}

const TRANSPORT_FAILURES = new Set(['retry', 'failed', 'review']);

/** One delivery outcome (lib/sending/dispatcher.ts); transport failures are counted on the side. */
export function countDeliveryOutcome(channel: 'email' | 'sms', transport: string, outcome: string): void {
  metrics.deliveries.inc({ channel, status: outcome });
  if (TRANSPORT_FAILURES.has(outcome)) metrics.transportErrors.inc({ transport, kind: outcome });
}

/** Starts timing a dispatcher round; call the answer at its end. */
export function startDispatchRoundTimer(): () => void {
  const end = metrics.dispatcherRound.startTimer();
  return () => void end();
}

/** Starts timing a contact import; call the answer when it is committed. */
export function startContactsImportTimer(): () => void {
  const end = metrics.contactsImport.startTimer();
  return () => void end();
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function scrapeMetrics(): Promise<string> {
  return metrics.registry.metrics();
}
