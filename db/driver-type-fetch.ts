/**
 * postgres.js 3.4.9 runs its array-type query (`fetch_types`) as the first statement of every new
 * connection and drops that query's promise (porsager/postgres#1192, #1223, open upstream). When a
 * connection is refused or cut while it starts (a database restart), the error escapes as an
 * unhandled rejection, and Node ends a process on one. The statement the app itself sent fails on
 * its own terms (503 envelope, the dispatcher's next round); this error is only the driver's lost
 * bookkeeping, so it is logged and dropped. Every other unhandled rejection keeps its default.
 */
export function isDriverTypeFetchFailure(reason: unknown): boolean {
  const query = (reason as { query?: unknown } | null)?.query;
  return typeof query === 'string' && query.includes('pg_catalog.pg_type') && query.includes('typarray');
}

export function guardDriverTypeFetch(): void {
  const store = globalThis as unknown as { __starloopTypeFetchGuard?: boolean };
  if (store.__starloopTypeFetchGuard) return;
  store.__starloopTypeFetchGuard = true;
  process.on('unhandledRejection', (reason) => {
    if (isDriverTypeFetchFailure(reason)) {
      console.warn(`[starloop] a database connection failed while it started (${(reason as { code?: string }).code ?? 'error'}); the next statement reconnects`);
      return;
    }
    // Alone, this listener would swallow every rejection: keep Node's default (the process ends)
    // unless another listener (Next.js's own, a test runner's) already deals with it.
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
}
