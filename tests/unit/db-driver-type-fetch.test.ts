import { describe, expect, it } from 'vitest';
import { isDriverTypeFetchFailure } from '@/db/driver-type-fetch';

describe("postgres.js's dropped array-type query", () => {
  it('recognises the driver query failing, and nothing else', () => {
    const driverQuery = '\n      select b.oid, b.typarray\n      from pg_catalog.pg_type a\n      left join pg_catalog.pg_type b on b.oid = a.typelem\n';
    expect(isDriverTypeFetchFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', query: driverQuery }))).toBe(true);
    expect(isDriverTypeFetchFailure(Object.assign(new Error('boom'), { query: 'select * from contacts' }))).toBe(false);
    expect(isDriverTypeFetchFailure(new Error('boom'))).toBe(false);
    expect(isDriverTypeFetchFailure(null)).toBe(false);
    expect(isDriverTypeFetchFailure('text')).toBe(false);
  });
});
