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
  if (Array.isArray(answer)) return answer as TRow[];
  const { rows = [], affectedRows } = (answer as { rows?: TRow[]; affectedRows?: number } | null) ?? {};
  // postgres.js's rows carry the statement's row count as `count`; PGlite's get the same.
  if (typeof affectedRows === 'number') Object.defineProperty(rows, 'count', { value: affectedRows });
  return rows;
}

/**
 * How many rows a write statement touched (inserted, updated or deleted), from what
 * `db.execute` answered, on both drivers: one statement instead of counting afterwards.
 */
export function affectedRowCount(answer: readonly unknown[]): number {
  const count = (answer as { count?: unknown }).count;
  if (typeof count !== 'number') throw new Error('the driver did not report a row count');
  return count;
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
