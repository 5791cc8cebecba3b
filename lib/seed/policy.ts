import { isLocalEvaluation } from '@/lib/config/local-evaluation';

type Env = Record<string, string | undefined>;

/**
 * Whether a server start seeds the demo merchant (whose password is in the README). Never in
 * production: only in local evaluation (loopback, embedded database, lib/config/local-evaluation.ts)
 * does a production build seed, because that is the README's first command. Outside production:
 * always on the embedded database, on PostgreSQL with SEED_DEMO=1. `npm run db:seed` seeds on
 * purpose and is refused in production by seedAll itself.
 */
export function shouldSeedDemo(driver: 'postgres' | 'pglite', env: Env = process.env): boolean {
  if (env.NODE_ENV === 'production') return driver === 'pglite' && isLocalEvaluation(env);
  return driver === 'pglite' || env.SEED_DEMO === '1';
}

/** seedAll's own guard: a production process outside local evaluation never creates the demo account. */
export function assertDemoSeedAllowed(env: Env = process.env): void {
  if (env.NODE_ENV === 'production' && !isLocalEvaluation(env)) {
    throw new Error('The demo merchant is never seeded in production (NODE_ENV=production).');
  }
}
