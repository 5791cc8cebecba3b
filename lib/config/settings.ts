/**
 * Every setting the app and the worker read from the environment, read here and nowhere else:
 * its variable, its default, its bounds, and what a production start says about a bad value
 * (lib/config/production-checks.ts lists `settingProblems`). Values are read per call, not cached:
 * tests switch variables between calls, and one lookup costs nothing beside the work it configures.
 *
 * Not here, on purpose: db/ reads DATABASE_URL, PGLITE_DIR, DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_SECONDS, DATABASE_STATEMENT_TIMEOUT_MS and
 * DATABASE_PREPARED_STATEMENTS itself (it sits below lib/); the OpenTelemetry SDK reads its own
 * OTEL_* variables; S3_* is read as one block by lib/storage and GOOGLE_* by lib/gbp/config.ts (each
 * variable still has one reader).
 */
type Env = Readonly<Record<string, string | undefined>>;

interface Setting<T> {
  variable: string;
  /** The value in force: the default when unset or out of bounds, so a typo never takes a request down. */
  read: (raw: string | undefined, env: Env) => T;
  /** Why a value that is set is refused at a production start; null when it is fine. */
  problem?: (raw: string) => string | null;
  /** A number's bounds (numericSettings). */
  bounds?: NumberBounds;
}

export interface NumberBounds {
  min: number;
  max?: number;
  integer?: boolean;
  /** Above max: answer max ('cap'), or the default and a production problem ('default', the default). */
  over?: 'cap' | 'default';
}

const trimmed = (raw: string | undefined) => raw?.trim() || null;

function text(variable: string): Setting<string | null> {
  return { variable, read: trimmed };
}

/** A secret is compared byte for byte: never trimmed; '' when unset. */
function secret(variable: string): Setting<string> {
  return { variable, read: (raw) => raw ?? '' };
}

function number(variable: string, fallback: number, bounds: NumberBounds): Setting<number> {
  const valid = (n: number) => Number.isFinite(n) && n >= bounds.min && (!bounds.integer || Number.isInteger(n));
  return {
    variable,
    bounds,
    read: (raw) => {
      if (!raw?.trim()) return fallback;
      const n = Number(raw);
      if (!valid(n)) return fallback;
      if (bounds.max !== undefined && n > bounds.max) return bounds.over === 'cap' ? bounds.max : fallback;
      return n;
    },
    problem: (raw) => {
      const n = Number(raw);
      const range = bounds.max === undefined ? `at least ${bounds.min}` : `${bounds.min} to ${bounds.max}`;
      const kind = bounds.integer ? 'a whole number' : 'a number';
      return raw.trim() && (!valid(n) || (bounds.max !== undefined && n > bounds.max && bounds.over !== 'cap')) ? `${variable} must be ${kind}, ${range}` : null;
    },
  };
}

/** The longest delay Node's timers keep (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

const definitions = {
  /** The public address, no trailing slash (lib/app-url.ts). */
  appUrl: { variable: 'APP_URL', read: (raw: string | undefined) => trimmed(raw)?.replace(/\/+$/, '') || null },
  accessTokenTtlSeconds: number('ACCESS_TOKEN_TTL_SECONDS', 15 * 60, { min: 60, max: 24 * 60 * 60, integer: true, over: 'cap' }),
  sessionMaxAgeDays: number('SESSION_MAX_AGE_DAYS', 90, { min: 0.01, max: 3650, over: 'cap' }),
  refreshReuseGraceSeconds: number('REFRESH_REUSE_GRACE_SECONDS', 5, { min: 0 }),
  trustedProxyHops: number('TRUSTED_PROXY_HOPS', 0, { min: 0, max: 10, integer: true }),
  /** Where messages are sent from: the app (inline), `npm run worker`, the cron route, or nowhere. */
  dispatcher: { variable: 'DISPATCHER', read: (raw: string | undefined) => (['worker', 'cron', 'off'].includes(raw?.trim() ?? '') ? (raw?.trim() as 'worker' | 'cron' | 'off') : 'inline'), problem: (raw: string) => (['inline', 'worker', 'cron', 'off'].includes(raw.trim()) || !raw.trim() ? null : 'DISPATCHER must be inline, worker, cron or off') },
  dispatchIntervalMs: number('DISPATCH_INTERVAL_MS', 5_000, { min: 1, max: MAX_TIMER_MS }),
  dispatchBatchSize: number('DISPATCH_BATCH_SIZE', 200, { min: 1, integer: true }),
  /** Messages in flight per round; 0: twice the SMTP connections plus the SMS requests in flight. */
  dispatchConcurrency: number('DISPATCH_CONCURRENCY', 0, { min: 0, integer: true }),
  sendingStaleSeconds: number('SENDING_STALE_SECONDS', 600, { min: 1 }),
  workerStopSeconds: number('WORKER_STOP_SECONDS', 10, { min: 0 }),
  /** Messages per second for every process together; 0: no limit. */
  emailRatePerSecond: number('EMAIL_RATE_PER_SECOND', 50, { min: 0 }),
  smsRatePerSecond: number('SMS_RATE_PER_SECOND', 10, { min: 0 }),
  aiBaseUrl: { variable: 'AI_BASE_URL', read: (raw: string | undefined) => trimmed(raw)?.replace(/\/+$/, '') || null },
  aiApiKey: text('AI_API_KEY'),
  aiModel: text('AI_MODEL'),
  aiTimeoutMs: number('AI_TIMEOUT_MS', 20_000, { min: 1, max: MAX_TIMER_MS }),
  smtpUrl: text('SMTP_URL'),
  smtpMaxConnections: number('SMTP_MAX_CONNECTIONS', 5, { min: 1, integer: true }),
  /** Twilio requests in flight at once per process (each may leave one SMS to check if it dies). */
  smsMaxInFlight: number('SMS_MAX_IN_FLIGHT', 10, { min: 1, integer: true }),
  smtpConnectTimeoutMs: number('SMTP_CONNECT_TIMEOUT_MS', 5_000, { min: 1, max: MAX_TIMER_MS }),
  smtpGreetingTimeoutMs: number('SMTP_GREETING_TIMEOUT_MS', 5_000, { min: 1, max: MAX_TIMER_MS }),
  smtpSocketTimeoutMs: number('SMTP_SOCKET_TIMEOUT_MS', 60_000, { min: 1, max: MAX_TIMER_MS }),
  smtpSendTimeoutMs: number('SMTP_SEND_TIMEOUT_MS', 120_000, { min: 1, max: MAX_TIMER_MS }),
  smtpFinalReplyTimeoutMs: number('SMTP_FINAL_REPLY_TIMEOUT_MS', 10_000, { min: 1, max: MAX_TIMER_MS }),
  mailFrom: text('MAIL_FROM'),
  /**
   * The DNS servers the deliverability check asks (host or host:port, comma-separated); null: the
   * system resolver. Tests point it at a DNS server on loopback.
   */
  deliverabilityDnsServers: {
    variable: 'DELIVERABILITY_DNS_SERVERS',
    read: (raw: string | undefined) => {
      const servers = (raw ?? '').split(',').map((server) => server.trim()).filter(Boolean);
      return servers.length ? servers : null;
    },
  },
  /** How long one DNS question of the deliverability check may take before it answers "could not check". */
  deliverabilityDnsTimeoutMs: number('DELIVERABILITY_DNS_TIMEOUT_MS', 3_000, { min: 50, max: 60_000, integer: true }),
  /** The SPF include of the mail service the app sends through (e.g. `amazonses.com`); null: SPF is only shown. */
  mailSpfInclude: text('MAIL_SPF_INCLUDE'),
  /** The DKIM selectors the mail service signs a customer domain with (comma-separated). */
  mailDkimSelectors: {
    variable: 'MAIL_DKIM_SELECTORS',
    read: (raw: string | undefined) => (raw ?? '').split(',').map((selector) => selector.trim().toLowerCase()).filter((selector) => /^[a-z0-9._-]+$/.test(selector)),
  },
  /**
   * The dev mailbox (/dev/mailbox) is open outside production, with DEV_MAILBOX=1, and in local
   * evaluation (the README's `npm start` on the embedded database, loopback only): the outbox is
   * where that newcomer's messages go, and the banner sends them there. DEV_MAILBOX=0 closes it.
   */
  devMailbox: {
    variable: 'DEV_MAILBOX',
    read: (raw: string | undefined, env: Env) => raw === '1' || (raw !== '0' && (env.NODE_ENV !== 'production' || (env.LOCAL_EVALUATION === '1' && !env.DATABASE_URL?.trim()))),
  },
  twilioAccountSid: text('TWILIO_ACCOUNT_SID'),
  twilioAuthToken: text('TWILIO_AUTH_TOKEN'),
  /** The secret of a Twilio Webhooks Rule's SharedKey: webhooks it signs carry HMAC-SHA256 signatures. */
  twilioWebhookSharedKey: text('TWILIO_WEBHOOK_SHARED_KEY'),
  twilioFrom: text('TWILIO_FROM'),
  twilioBaseUrl: { variable: 'TWILIO_BASE_URL', read: (raw: string | undefined) => (trimmed(raw) ?? 'https://api.twilio.com').replace(/\/+$/, '') },
  /** AbortSignal.timeout takes a whole number of ms only (a fraction, a sign or Infinity threw on every send). */
  twilioTimeoutMs: number('TWILIO_TIMEOUT_MS', 15_000, { min: 1, max: MAX_TIMER_MS, integer: true }),
  inboundEmailDomain: text('INBOUND_EMAIL_DOMAIN'),
  inboundEmailSecret: secret('INBOUND_EMAIL_SECRET'),
  cronSecret: secret('CRON_SECRET'),
  gbpQuotaPerMinute: number('GBP_QUOTA_PER_MINUTE', 300, { min: 1 }),
  /** Countries a phone verification code may be texted to; null: the merchant domain's default. */
  smsCodeCountries: {
    variable: 'SMS_CODE_COUNTRIES',
    read: (raw: string | undefined) => {
      const codes = (raw ?? '')
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter((code) => /^[A-Z]{2}$/.test(code));
      return codes.length ? codes : null;
    },
  },
  databaseReplicaPoolSize: number('DATABASE_REPLICA_POOL_SIZE', 5, { min: 1, integer: true }),
  databaseListenUrl: text('DATABASE_LISTEN_URL'),
  databaseReplicaUrl: text('DATABASE_REPLICA_URL'),
  /** Lower-cased; the logger falls back on a level pino does not know. */
  logLevel: { variable: 'LOG_LEVEL', read: (raw: string | undefined) => trimmed(raw)?.toLowerCase() ?? null },
  reviewReportRows: number('REVIEW_REPORT_ROWS', 2000, { min: 1, max: 10_000, integer: true }),
  operatorEmail: { variable: 'OPERATOR_EMAIL', read: (raw: string | undefined) => (/^[^\s@<>]+@[^\s@<>]+$/.test(raw?.trim() ?? '') ? (raw?.trim() ?? null) : null) },
  metricsToken: text('METRICS_TOKEN'),
  workerMetricsPort: text('WORKER_METRICS_PORT'),
  workerMetricsHost: { variable: 'WORKER_METRICS_HOST', read: (raw: string | undefined) => trimmed(raw) ?? '127.0.0.1' },
  authSecret: secret('AUTH_SECRET'),
  tokenEncryptionKey: text('TOKEN_ENCRYPTION_KEY'),
} satisfies Record<string, Setting<unknown>>;

type Definitions = typeof definitions;
export type SettingName = keyof Definitions;
export type SettingValue<K extends SettingName> = ReturnType<Definitions[K]['read']>;

/** One setting's value in force. */
export function setting<K extends SettingName>(name: K, env: Env = process.env): SettingValue<K> {
  const definition = definitions[name] as Setting<SettingValue<K>>;
  return definition.read(env[definition.variable], env);
}

/** The default a setting takes when its variable is unset. */
export function settingDefault<K extends SettingName>(name: K): SettingValue<K> {
  return setting(name, {});
}

/** What is wrong with the values that are set, as sentences for the production start check. */
export function settingProblems(env: Env = process.env): string[] {
  const problems: string[] = [];
  for (const definition of Object.values(definitions) as Setting<unknown>[]) {
    const raw = env[definition.variable];
    const problem = raw === undefined ? null : definition.problem?.(raw);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The settings that are numbers, with their bounds (tests/unit/config-settings-bounds.test.ts walks them). */
export function numericSettings(): { name: SettingName; variable: string; bounds: NumberBounds }[] {
  return (Object.entries(definitions) as [SettingName, Setting<unknown>][]).flatMap(([name, d]) => (d.bounds ? [{ name, variable: d.variable, bounds: d.bounds }] : []));
}

/** The environment variables this module owns (the README's configuration table is checked against it). */
export function settingVariables(): string[] {
  return Object.values(definitions).map((d) => d.variable);
}
