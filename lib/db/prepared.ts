import type { Db } from '@/db/client';

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
