import { parseEncryptionKey } from './encryption-key';
import { isLocalEvaluation } from './local-evaluation';
import { setting, settingProblems } from './settings';

type Env = Record<string, string | undefined>;

/** The shortest secret we accept: 32 characters, e.g. `openssl rand -base64 48` gives 64. */
export const MIN_SECRET_LENGTH = 32;

/**
 * What keeps a production process (NODE_ENV=production) from starting, as short sentences; empty
 * when it may start. One owner for the rules: the app (instrumentation.ts) and the worker
 * (scripts/worker.ts) both ask here. Local evaluation (lib/config/local-evaluation.ts) may run
 * without DATABASE_URL, AUTH_SECRET and a mail transport; secrets that are set are checked always.
 */
export function productionProblems(env: Env, role: 'server' | 'worker'): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const local = role === 'server' && isLocalEvaluation(env);
  const problems: string[] = [];
  const authSecret = setting('authSecret', env);
  if (!local && authSecret.length < MIN_SECRET_LENGTH) problems.push(`AUTH_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters`);
  if (local && authSecret && authSecret.length < MIN_SECRET_LENGTH) problems.push(`AUTH_SECRET is set but shorter than ${MIN_SECRET_LENGTH} characters`);
  if (!local && !setting('appUrl', env)) problems.push('APP_URL must be set (the public address of the app)');
  if (!local && !env.DATABASE_URL?.trim()) problems.push('DATABASE_URL must be set (PostgreSQL)');
  for (const name of ['CRON_SECRET', 'INBOUND_EMAIL_SECRET'] as const) {
    const value = env[name];
    if (value !== undefined && value !== '' && value.length < MIN_SECRET_LENGTH) problems.push(`${name} is set but shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  const encryptionKey = setting('tokenEncryptionKey', env);
  if (encryptionKey && !parseEncryptionKey(encryptionKey)) problems.push('TOKEN_ENCRYPTION_KEY must be 32 random bytes as 64 hex characters or base64');
  const transport = env.MAIL_TRANSPORT?.trim();
  if (transport && transport !== 'smtp' && transport !== 'outbox') problems.push('MAIL_TRANSPORT must be smtp or outbox');
  else if (transport === 'smtp' && !setting('smtpUrl', env)) problems.push('MAIL_TRANSPORT=smtp needs SMTP_URL');
  else if (!local && !transport && !setting('smtpUrl', env)) problems.push('no mail transport: set SMTP_URL, or MAIL_TRANSPORT=outbox to keep messages in the outbox undelivered');
  problems.push(...settingProblems(env));
  return problems;
}

/** The one line a refused start prints. */
export function refusalLine(role: 'server' | 'worker', problems: string[]): string {
  return `[starloop] ${role} refuses to start in production: ${problems.join('; ')}.`;
}

/**
 * Runs the checks at a process start: prints the one line and exits with status 78 (EX_CONFIG)
 * when the configuration is unsafe; in local evaluation says so in one line.
 */
export function assertStartupConfig(role: 'server' | 'worker', env: Env = process.env): void {
  const problems = productionProblems(env, role);
  if (problems.length) {
    console.error(refusalLine(role, problems));
    process.exit(78);
  }
  if (env.NODE_ENV === 'production' && role === 'server' && isLocalEvaluation(env)) {
    console.warn('[starloop] local evaluation: embedded database, demo data, messages kept in the outbox, listening on this machine only. Not a deployment: set DATABASE_URL, AUTH_SECRET, APP_URL and SMTP_URL (or MAIL_TRANSPORT=outbox).');
  }
}
