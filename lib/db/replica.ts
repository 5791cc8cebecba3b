import { currentDriver, namedPreparedStatements, SESSION_DATES, WORK_MEM, type Db } from '@/db/client';
import { guardDriverTypeFetch } from '@/db/driver-type-fetch';
import { setting } from '@/lib/config/settings';

/**
 * DATABASE_REPLICA_URL: a read replica (streaming standby) for the dashboard and the review report,
 * the heaviest reads and the ones that tolerate a replica's lag (seconds). Unset, or on the
 * embedded database, they read the primary like everything else. Nothing else reads there: a page
 * that shows what the user just saved must not race replication. The replica client is the only
 * one this module builds: one pool per process (DATABASE_REPLICA_POOL_SIZE, default 5), no
 * migrations (the standby replays the primary's), connections named `starloop-replica` in
 * pg_stat_activity.
 */
export function replicaUrl(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  return currentDriver() === 'postgres' ? setting('databaseReplicaUrl', env) : null;
}

export const REPLICA_APPLICATION_NAME = 'starloop-replica';

interface Replica {
  url: string;
  db: Promise<Db>;
  close: () => Promise<void>;
}

// One per process, on globalThis: route bundles and pages each load this module.
const store = globalThis as unknown as { __starloopReplica?: Replica };

/** The replica's database when one is configured, otherwise `primary`. */
export async function readDb(primary: Db): Promise<Db> {
  const url = replicaUrl();
  if (!url) return primary;
  let replica = store.__starloopReplica;
  if (replica?.url !== url) {
    // A changed URL (tests, a reconfigured process): the old pool drains in the background.
    void replica?.close();
    replica = store.__starloopReplica = openReplica(url);
  }
  return replica.db;
}

/** `ctx` reading from the replica (when configured): for report and dashboard services. */
export async function onReplica<C extends { db: Db }>(ctx: C): Promise<C> {
  const db = await readDb(ctx.db);
  return db === ctx.db ? ctx : { ...ctx, db };
}

export async function closeReplica(): Promise<void> {
  const replica = store.__starloopReplica;
  store.__starloopReplica = undefined;
  await replica?.close();
}

function openReplica(url: string): Replica {
  guardDriverTypeFetch();
  let end: () => Promise<void> = async () => {};
  const db = (async () => {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const client = postgres(url, {
      max: setting('databaseReplicaPoolSize'),
      onnotice: () => {},
      connect_timeout: 10,
      prepare: namedPreparedStatements(),
      connection: { work_mem: WORK_MEM, application_name: REPLICA_APPLICATION_NAME, ...SESSION_DATES },
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    });
    end = () => client.end({ timeout: 5 });
    return drizzle(client);
  })();
  return { url, db, close: async () => (await db.catch(() => null), await end()) };
}
