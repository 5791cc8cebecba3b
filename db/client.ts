import path from 'node:path';
import fs from 'node:fs';
import { guardDriverTypeFetch } from './driver-type-fetch';
import { answerRows, type RowsResult } from './rows';
import type { PgDatabase } from 'drizzle-orm/pg-core';

/**
 * The one database type services see: postgres.js and PGlite both satisfy it, and raw SQL
 * (`await db.execute<T>(sql…)`) resolves to the rows, `T[]`, on both (db/rows.ts).
 */
export type Db = PgDatabase<RowsResult>;

export type DbDriver = 'postgres' | 'pglite';

export interface DbHandle {
  db: Db;
  driver: DbDriver;
  close: () => Promise<void>;
  /** The server's address (PostgreSQL), for the reachability check of db/reachable.ts. */
  url?: string;
  /** Runs the migrations on a connection without the statement time limit (a big table's DDL may take longer). */
  withoutTimeLimit?: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
  /** Runs `work` while holding the migration lock (PostgreSQL: several processes may start at once). */
  exclusively?: <T>(work: () => Promise<T>) => Promise<T>;
}

// Advisory lock key of migrations: any fixed number no other lock of ours uses.
const MIGRATION_LOCK = 7_402_118_301;
const MIGRATION_LOCK_POLL_MS = 200;

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'db', 'migrations');

/**
 * Sort memory of every app connection. A contact-list filter no index orders (keyword, tag) sorts
 * its matches: 75,000 of them need ~6.5 MB, and the default 4 MB spilled to disk (bench/RESULTS.md).
 * Set per connection, not per statement: a transaction around each list page to `set local` it
 * cost three round trips per request under load. 16 MB x the pool size is the ceiling.
 */
export const WORK_MEM = '16MB';

/**
 * How every app session reads and writes dates, whatever the database's or role's defaults: times
 * as UTC (in Asia/Shanghai, times before 1905 carry a `+08:05:43` offset `new Date()` cannot read)
 * and dates as ISO (`SQL, DMY` gave `29/11/2026 03:33:57 GMT`). PgBouncer tracks both parameters
 * and sets them on each server connection it hands a client (README, "Behind PgBouncer").
 */
export const SESSION_DATES = { TimeZone: 'UTC', DateStyle: 'ISO, MDY' } as const;

// One instance per process, kept on globalThis so dev reloads do not open a second PGlite on
// the same folder (two writers silently lose rows).
const store = globalThis as unknown as { __starloopDb?: Promise<DbHandle> };

export function dataDir(): string {
  return process.env.PGLITE_DIR ?? path.join(process.cwd(), '.data', 'pglite');
}

/**
 * DATABASE_PREPARED_STATEMENTS=off: no named prepared statements (postgres.js `prepare: false`,
 * `preparedSql` unnamed). For PgBouncer before 1.21 in transaction pooling, which hands each
 * transaction any server connection, where a statement prepared on another one does not exist.
 * On by default: a named statement is parsed once per connection and runs in one round trip.
 */
export function namedPreparedStatements(): boolean {
  return process.env.DATABASE_PREPARED_STATEMENTS?.trim().toLowerCase() !== 'off';
}

export function currentDriver(): DbDriver {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/** The process's database, migrated. Every caller awaits the same promise. */
export function getDbHandle(): Promise<DbHandle> {
  store.__starloopDb ??= openDatabase().catch((error) => {
    store.__starloopDb = undefined;
    throw error;
  });
  return store.__starloopDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * Time limits of every PostgreSQL connection (DATABASE_CONNECT_TIMEOUT_SECONDS,
 * DATABASE_STATEMENT_TIMEOUT_MS). A statement running longer is cancelled by the server: no
 * request or batch of ours needs a minute, and a runaway one must not hold its locks and a pool
 * connection for good. Migrations lift it for their own transaction (migrateDatabase).
 */
export const CONNECT_TIMEOUT_SECONDS = 5;
export const STATEMENT_TIMEOUT_MS = 60_000;

function positiveNumber(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw?.trim() && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The address of the process's PostgreSQL (none with PGlite). */
export async function processDatabaseUrl(): Promise<string | undefined> {
  const handle = store.__starloopDb ? await store.__starloopDb.catch(() => null) : null;
  return handle ? handle.url : process.env.DATABASE_URL;
}

/** Tests hand the process a database of their own (a fresh one per test file). */
export function installProcessDatabase(handle: DbHandle): void {
  store.__starloopDb = Promise.resolve(handle);
}

export async function openDatabase(options: { url?: string; pgliteDir?: string | null } = {}): Promise<DbHandle> {
  const url = options.url ?? process.env.DATABASE_URL;
  const handle = url ? await openPostgres(url) : await openPglite(options.pgliteDir === undefined ? dataDir() : options.pgliteDir);
  try {
    await migrateDatabase(handle);
  } catch (error) {
    // A start retried while the database is down (instrumentation.ts, scripts/worker.ts) opens a
    // new pool each time: the failed one is closed, not left behind.
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

async function openPostgres(url: string): Promise<DbHandle> {
  guardDriverTypeFetch();
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const statementTimeout = positiveNumber(process.env.DATABASE_STATEMENT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS);
  const withoutTimeLimit = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const single = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: positiveNumber(process.env.DATABASE_CONNECT_TIMEOUT_SECONDS, CONNECT_TIMEOUT_SECONDS), prepare: namedPreparedStatements(), connection: { work_mem: WORK_MEM, ...SESSION_DATES, statement_timeout: 0 } });
    try {
      return await work(drizzle(single) as unknown as Db);
    } finally {
      await single.end({ timeout: 5 });
    }
  };
  const client = postgres(url, {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    // A server that does not answer a new connection is given up on in seconds (503 to the caller,
    // lib/api/route.ts), not after the 10 s that, with retries, kept requests waiting over a minute.
    connect_timeout: positiveNumber(process.env.DATABASE_CONNECT_TIMEOUT_SECONDS, CONNECT_TIMEOUT_SECONDS),
    prepare: namedPreparedStatements(),
    connection: { work_mem: WORK_MEM, ...SESSION_DATES, statement_timeout: statementTimeout },
    // postgres.js waits up to 20 s (3^failures / 100 s, shared by the pool) before reconnecting
    // after failed attempts, so a 3 s database restart kept the app down ~15 s more. Cap it at 1 s.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  });
  // Server processes started together (WEB_CONCURRENCY, several instances) would each run the
  // migrations at once and fail on each other's tables: one at a time. The lock is a transaction's
  // (pg_advisory_xact_lock), held open while the work runs on other connections: a session lock
  // does not survive PgBouncer's transaction pooling (its unlock may reach another server
  // connection, leaving the lock held for good). Waiting is polling, so a waiter holds no server
  // connection: blocked waiters filling a small PgBouncer pool left the holder none to migrate on.
  const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
    for (;;) {
      let ran = false;
      let result: T | undefined;
      await client.begin(async (lock) => {
        const [row] = await lock`select pg_try_advisory_xact_lock(${MIGRATION_LOCK}) as locked`;
        if (!row.locked) return;
        ran = true;
        result = await work();
      });
      if (ran) return result as T;
      await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
    }
  };
  return { db: drizzle(client) as unknown as Db, driver: 'postgres', url, close: () => client.end({ timeout: 5 }), exclusively, withoutTimeLimit };
}

/** dir null: an in-memory database (tests). */
export async function openPglite(dir: string | null, loadDataDir?: Blob): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // The contact search's trigram indexes (migration 0025), led by the merchant (0034).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm, btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.exec(`set work_mem = '${WORK_MEM}'; set TimeZone = '${SESSION_DATES.TimeZone}'; set DateStyle = '${SESSION_DATES.DateStyle}'`);
  return { db: answerRows(drizzle(client) as unknown as Db), driver: 'pglite', close: () => client.close() };
}

export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.driver === 'postgres') {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const run = handle.exclusively ?? ((work) => work());
    const unlimited = handle.withoutTimeLimit ?? ((work) => work(handle.db));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the driver's own type
    await run(() => unlimited((db) => migrate(db as any, { migrationsFolder: MIGRATIONS_FOLDER })));
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
