import { openDatabase } from '@/db/client';

/**
 * A fresh database of one bench run on BENCH_DATABASE_URL's server (default: the local
 * PostgreSQL), migrated and open. The bench drops it through `admin` when it ends (or keeps it).
 */
export async function scratchDatabase(prefix: string) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // BENCH_DB_PREFIX: a shared server's naming rule (one prefix per person) overrides the bench's own.
  const dbName = `${process.env.BENCH_DB_PREFIX ?? prefix}_${Date.now()}`;
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ url: url.toString() });
  return { admin, dbName, url: url.toString(), handle };
}

/** A database a bench kept (BENCH_KEEP=1), opened again and migrated (BENCH_REUSE=<name>). */
export async function reusedDatabase(dbName: string) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: postgres } = await import('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ url: url.toString() });
  return { admin, dbName, url: url.toString(), handle };
}
