import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQLWrapper } from 'drizzle-orm';

/**
 * What raw SQL resolves to on both drivers: the rows, an array, as postgres.js answers. So
 * `await db.execute<T>(sql…)` is typed `T[]` and means the same whichever driver runs.
 */
export interface RowsResult extends PgQueryResultHKT {
  readonly type: this['row'][];
}

type RowsDb = PgDatabase<RowsResult>;

/**
 * The rows of a driver's own answer to raw SQL: postgres.js answers the rows, PGlite
 * { rows, fields, affectedRows }. The one place that knows; callers read `db.execute`, which
 * answers rows already, and only statements run beneath it (lib/db/prepared.ts) come here.
 */
export function answeredRows<TRow>(answer: unknown): TRow[] {
  return Array.isArray(answer) ? (answer as TRow[]) : ((answer as { rows?: TRow[] } | null)?.rows ?? []);
}

/**
 * Makes PGlite's drizzle `execute` (and that of every transaction and savepoint it hands out,
 * which drizzle builds afresh) answer the rows. Only `execute` and `transaction` change: query
 * builders, `$count` and the migrator read drizzle's session, which stays PGlite's own.
 */
export function answerRows<D extends RowsDb>(db: D): D {
  const execute = db.execute.bind(db);
  const transaction = db.transaction.bind(db);
  db.execute = <TRow extends Record<string, unknown>>(query: SQLWrapper | string) => {
    const raw = execute<TRow>(query);
    const answer = raw.execute;
    raw.execute = async () => answeredRows<TRow>(await answer());
    return raw;
  };
  db.transaction = (work, config) => transaction((tx) => work(answerRows(tx)), config);
  return db;
}
