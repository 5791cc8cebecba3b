/**
 * At server start: refuse an unsafe production configuration (lib/config/production-checks.ts,
 * one line, exit 78); migrate the database; seed the demo data where allowed (lib/seed/policy.ts:
 * development, local evaluation, SEED_DEMO=1 outside production); and start the inline dispatcher
 * unless sending runs elsewhere (DISPATCHER=worker for `npm run worker`, cron for
 * POST /api/cron/dispatch, off for none). OpenTelemetry first, when its OTEL_* variables ask for
 * it (lib/observability/tracing.ts); otherwise its SDK is never loaded.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startTracing } = await import('@/lib/observability/tracing');
  await startTracing('starloop-web');
  const { assertStartupConfig } = await import('@/lib/config/production-checks');
  assertStartupConfig('server');
  // The database may not be up yet (a boot where the web comes first, an outage during a deploy).
  // A failed start here would stay failed for the process's life (Next keeps the hook's error and
  // answers every request a plain 500: found from outside). So the start is retried in the
  // background; meanwhile requests open the database themselves and answer 503 until it is there.
  const { getDbHandle } = await import('@/db/client');
  const { loggableMessage } = await import('@/lib/observability/logger');
  const attempt = async (): Promise<void> => {
    try {
      await startWithDatabase(await getDbHandle());
    } catch (error) {
      console.error(`[starloop] database not ready at start, trying again in ${DATABASE_RETRY_MS / 1000} s: ${loggableMessage(error)}`);
      setTimeout(() => void attempt(), DATABASE_RETRY_MS).unref();
    }
  };
  await attempt();
}

const DATABASE_RETRY_MS = 5_000;

/** Seeds where allowed and starts the inline dispatcher, once the database answers (and is migrated). */
async function startWithDatabase(handle: Awaited<ReturnType<typeof import('@/db/client').getDbHandle>>): Promise<void> {
  // Repeated here so the edge build drops the Node-only imports below, as it does in register().
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { shouldSeedDemo } = await import('@/lib/seed/policy');
  if (shouldSeedDemo(handle.driver)) {
    const { seedAll } = await import('@/lib/seed/run');
    await seedAll(handle.db);
  }
  const { setting } = await import('@/lib/config/settings');
  const mode = setting('dispatcher');
  if (mode === 'inline' || (handle.driver === 'pglite' && mode !== 'off')) {
    const { startDispatchLoop } = await import('@/lib/sending/loop');
    const { transportsFromEnv } = await import('@/lib/sending/transports');
    const { startDueScheduledCampaigns } = await import('@/lib/campaigns/start-scheduled');
    const store = globalThis as unknown as { __starloopDispatcher?: unknown };
    // One loop per process, also across dev reloads.
    store.__starloopDispatcher ??= startDispatchLoop(handle.db, {
      startDueScheduledCampaigns,
      // Given the database: the send rates hold for this process and every worker together.
      transports: transportsFromEnv(handle.db),
      intervalMs: setting('dispatchIntervalMs'),
      staleAfterMs: setting('sendingStaleSeconds') * 1000,
    });
  }
}
