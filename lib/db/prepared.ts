import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { namedPreparedStatements, type Db } from '@/db/client';
import { answeredRows } from '@/db/rows';

/**
 * One value per database handle (or transaction), built on first use: for statements prepared once.
 * Drizzle's query builder costs 150-200 us of CPU per build; under 50 concurrent list requests that
 * was a tenth of each request's server time (bench/RESULTS.md, issue 11). A prepared statement is
 * built once and then only its values change.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/** A bounded map of prepared statements by shape: the oldest goes first when it is full. */
export function boundedCache<T>(max: number) {
  const entries = new Map<string, T>();
  return {
    get(key: string, build: () => T): T {
      let value = entries.get(key);
      if (value === undefined) {
        if (entries.size >= max) entries.delete(entries.keys().next().value as string);
        value = build();
        entries.set(key, value);
      }
      return value;
    },
  };
}

/**
 * A raw SQL statement (values as `sql.placeholder`s) built once per database handle and run as a
 * named statement. On PostgreSQL an unnamed statement with parameters costs two round trips
 * (postgres.js describes it first) and a parse and plan each time; a named one is parsed once per
 * connection and then runs in one round trip. The sending engine's per-message writes use it
 * (bench/RESULTS.md, issue 7). PGlite runs it like any other statement. With
 * DATABASE_PREPARED_STATEMENTS=off (PgBouncer before 1.21 in transaction pooling) it runs unnamed:
 * the same SQL and values. Answers the rows on both drivers, as `db.execute` does.
 */
export function preparedSql<TRow extends Record<string, unknown>>(name: string, query: SQL): (db: Db, values: Record<string, unknown>) => Promise<TRow[]> {
  const statement = perDatabase((db) => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
    return session.prepareQuery(dialect.sqlToQuery(query), undefined, namedPreparedStatements() ? name : undefined, false);
  });
  return async (db, values) => answeredRows<TRow>(await statement(db).execute(values));
}
