import { openDatabase, currentDriver, type DbHandle } from '@/db/client';
import { loggableMessage } from '@/lib/observability/logger';
import { assertStartupConfig } from '@/lib/config/production-checks';
import { startTracing } from '@/lib/observability/tracing';
import { startWorkerMetricsServer } from '@/lib/observability/worker-metrics-server';
import { startDispatchLoop } from '@/lib/sending/loop';
import { oldestQueuedAgeSeconds } from '@/lib/sending/queue';
import { transportsFromEnv } from '@/lib/sending/transports';
import { setting } from '@/lib/config/settings';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * `npm run worker`: the sending engine as its own process, beside any number of others. PGlite is
 * one process's database (two writers lose rows), so on the embedded default the app's inline
 * dispatcher is the only one and this refuses to start.
 */
async function main() {
  // NODE_ENV=production: one line and exit 78 on an unsafe configuration, before any connection.
  assertStartupConfig('worker');
  if (currentDriver() === 'pglite') {
    console.error('npm run worker needs DATABASE_URL (PostgreSQL). On the embedded database the app itself sends (DISPATCHER=inline).');
    process.exit(2);
  }
  // OTEL_* variables switch tracing on (off by default); WORKER_METRICS_PORT serves /metrics.
  const tracing = await startTracing('starloop-worker');
  const handle = await openDatabaseWhenReady();
  const metricsServer = await startWorkerMetricsServer(async () => ({ oldestQueuedAgeSeconds: await oldestQueuedAgeSeconds(handle.db) }));
  if (metricsServer) console.log(`[worker] metrics on port ${metricsServer.port}`);
  const loop = startDispatchLoop(handle.db, {
    startDueScheduledCampaigns,
    transports: transportsFromEnv(handle.db),
    intervalMs: setting('dispatchIntervalMs'),
    batchSize: setting('dispatchBatchSize'),
    // 0: derived from the SMTP connections and the SMS requests in flight (lib/sending/dispatcher.ts).
    concurrency: setting('dispatchConcurrency') || undefined,
    staleAfterMs: setting('sendingStaleSeconds') * 1000,
    onListening: () => console.log('[worker] listening for wake-ups'),
    onRound: (r) => {
      if (r.claimed || r.started || r.completed || r.needsReview) console.log(`[worker] ${JSON.stringify(r)}`);
    },
  });
  // SIGTERM (a deploy, a rolling restart): no new claims; messages past their attempt marker finish,
  // the rest go back to the queue (lib/sending/loop.ts), so a stop sends nothing to review. Bounded:
  // a transport that hangs past WORKER_STOP_SECONDS leaves its rows to stale-claim recovery.
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('[worker] stopping: finishing messages in flight, releasing the rest');
    const boundMs = setting('workerStopSeconds') * 1000;
    setTimeout(() => {
      console.error(`[worker] still sending after ${boundMs / 1000} s; exiting (stale-claim recovery takes the rows back)`);
      process.exit(1);
    }, boundMs).unref();
    await loop.stop();
    await metricsServer?.close();
    await tracing?.shutdown();
    await handle.close();
    console.log('[worker] stopped');
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  console.log('[worker] dispatching');
}

/**
 * The database, once it answers (and is migrated). A worker started while PostgreSQL is down (a
 * boot where it comes first, an outage during a deploy) waits for it, as the web process does,
 * instead of exiting 1 and leaning on its supervisor's restart policy; a stop signal meanwhile
 * ends it at once, with 0.
 */
async function openDatabaseWhenReady(): Promise<DbHandle> {
  const stopWaiting = () => {
    console.log('[worker] stopped before the database was ready');
    process.exit(0);
  };
  process.on('SIGTERM', stopWaiting);
  process.on('SIGINT', stopWaiting);
  try {
    for (;;) {
      try {
        return await openDatabase();
      } catch (error) {
        console.error(`[worker] database not ready, trying again in ${DATABASE_RETRY_MS / 1000} s: ${loggableMessage(error)}`);
        await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
      }
    }
  } finally {
    process.off('SIGTERM', stopWaiting);
    process.off('SIGINT', stopWaiting);
  }
}

const DATABASE_RETRY_MS = 5_000;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
