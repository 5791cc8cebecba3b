import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { setting } from '@/lib/config/settings';
import { loggableMessage } from '@/lib/observability/logger';

/** The NOTIFY channel every dispatcher LISTENs on (PostgreSQL). */
export const WAKE_CHANNEL = 'starloop_dispatch';

/** A postgres.js client: what drizzle keeps as `$client` on PostgreSQL (PGlite has no `reserve`). */
interface PostgresClient {
  options: Record<string, unknown>;
  reserve: unknown;
}

function postgresClientOf(db: Db): PostgresClient | null {
  const client = (db as unknown as { $client?: Partial<PostgresClient> }).$client;
  return client && typeof client.reserve === 'function' && client.options ? (client as PostgresClient) : null;
}

// On globalThis: Next.js loads instrumentation and the routes as separate module instances, and
// the action that wakes must reach the loop the instrumentation started.
function inProcessSignal(): EventEmitter {
  const store = globalThis as unknown as { __starloopDispatchWake?: EventEmitter };
  if (!store.__starloopDispatchWake) {
    store.__starloopDispatchWake = new EventEmitter();
    store.__starloopDispatchWake.setMaxListeners(0);
  }
  return store.__starloopDispatchWake;
}

/**
 * Wakes every dispatcher (this process's and the workers') at once, after a campaign started or
 * resumed sending: NOTIFY on PostgreSQL, an in-process signal on PGlite (one process). Never
 * throws: a lost wake-up only costs the idle poll.
 */
export async function wakeDispatchers(db: Db): Promise<void> {
  if (!postgresClientOf(db)) {
    inProcessSignal().emit('wake');
    return;
  }
  try {
    await db.execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`);
  } catch (error) {
    console.error(`[starloop] could not wake the dispatchers: ${loggableMessage(error)}`);
  }
}

export interface WakeSubscription {
  stop(): Promise<void>;
}

/**
 * Calls `onWake` whenever wakeDispatchers runs anywhere on this database. On PostgreSQL it
 * LISTENs on a dedicated connection of its own, opened again whenever it drops or cannot connect
 * (after 1 s, 2 s, 4 s, then every 5 s); after a reconnect it wakes once, since a NOTIFY sent
 * meanwhile is lost. DATABASE_LISTEN_URL (default: the pool's DATABASE_URL) points that one
 * connection past a PgBouncer in transaction pooling, which keeps no session for a LISTEN: the
 * database itself, or a session-pooling PgBouncer database.
 */
export function subscribeToWakeups(db: Db, onWake: () => void, onListening?: () => void): WakeSubscription {
  const client = postgresClientOf(db);
  if (!client) {
    const signal = inProcessSignal();
    signal.on('wake', onWake);
    onListening?.();
    return { stop: async () => void signal.off('wake', onWake) };
  }
  return listenOnPostgres(client, onWake, onListening);
}

type Listener = ((strings: TemplateStringsArray) => Promise<unknown>) & { end: (o: { timeout: number }) => Promise<void> };

function listenOnPostgres(base: PostgresClient, onWake: () => void, onListening?: () => void): WakeSubscription {
  let stopped = false;
  let current: Listener | null = null;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const dropAndRetry = (failed: Listener) => {
    if (current !== failed) return;
    current = null;
    failed.end({ timeout: 0 }).catch(() => {});
    if (stopped) return;
    retry = setTimeout(() => void connect(true), Math.min(1_000 * 2 ** failures++, 5_000));
  };
  const connect = async (reconnect: boolean) => {
    const { default: postgres } = await import('postgres');
    if (stopped) return;
    // The pool's own parsed options (postgres.js opens its LISTEN connection the same way).
    const options = {
      ...base.options,
      max: 1,
      idle_timeout: null,
      max_lifetime: null,
      fetch_types: false,
      onnotice: () => {},
      onnotify: (channel: string) => channel === WAKE_CHANNEL && onWake(),
      onclose: () => dropAndRetry(listener),
    };
    const listenUrl = setting('databaseListenUrl');
    const listener = (listenUrl ? postgres(listenUrl, withoutAddress(options) as never) : postgres(options as never)) as unknown as Listener;
    current = listener;
    try {
      await listener`listen starloop_dispatch`;
      failures = 0;
      if (reconnect) onWake();
      onListening?.();
    } catch (error) {
      if (stopped) return;
      if (failures === 0) console.error(`[starloop] dispatcher wake-ups unavailable, polling meanwhile: ${loggableMessage(error)}`);
      dropAndRetry(listener);
    }
  };
  void connect(false);
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const listener = current;
      current = null;
      await listener?.end({ timeout: 0 }).catch(() => {});
    },
  };
}

const ADDRESS_OPTIONS = ['host', 'port', 'path', 'database', 'user', 'pass', 'ssl', 'target_session_attrs', 'shared'];

/** The pool's options without where it connects: DATABASE_LISTEN_URL says that. */
function withoutAddress(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([key]) => !ADDRESS_OPTIONS.includes(key)));
}
