import { setting } from './settings';

type Env = Record<string, string | undefined>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Whether a URL points at this machine only (a local evaluation's APP_URL). */
export function isLoopbackUrl(value: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * Local evaluation: `npm start` on a laptop, the README's first lines. `scripts/serve.mjs` sets
 * LOCAL_EVALUATION=1 only when the server listens on a loopback address and DATABASE_URL is unset.
 * It also needs APP_URL unset or local: a deployment sets APP_URL to its public address, so a
 * forgotten DATABASE_URL there is refused instead of quietly running on the embedded database with
 * the demo account. In this mode the production checks allow the embedded database, the file
 * secret, the demo data and the outbox (and say so in one logged line).
 */
export function isLocalEvaluation(env: Env = process.env): boolean {
  const appUrl = setting('appUrl', env);
  return env.LOCAL_EVALUATION === '1' && !env.DATABASE_URL?.trim() && (!appUrl || isLoopbackUrl(appUrl));
}

/** Production as deployed: NODE_ENV=production outside local evaluation (and outside `next build`). */
export function isStrictProduction(env: Env = process.env): boolean {
  return env.NODE_ENV === 'production' && env.NEXT_PHASE !== 'phase-production-build' && !isLocalEvaluation(env);
}
