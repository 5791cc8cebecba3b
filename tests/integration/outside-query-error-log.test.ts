import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorFields } from '@/lib/observability/logger';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/** Outside test, defect 4, on the driver in use: a failed write's log fields keep the SQL, never the values. */
const t = setupTestDatabase();

describe(`a failed write in the log (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('shows the statement and the database’s reason, not the parameters', async () => {
    const secret = 'Dear Ada, your opt token is tok_secret_4711';
    const error = await t.db
      .execute(sql`insert into delivery_events (merchant_id, delivery_id, type, detail) values (${1}, ${null}, ${'failed'}, ${secret})`)
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('tok_secret_4711');
    const fields = errorFields(error, true);
    const text = JSON.stringify(fields);
    expect(text).not.toContain('tok_secret_4711');
    expect(text).not.toContain('Dear Ada');
    expect(fields.message).toMatch(/^Failed query: insert into delivery_events .*\nparams: \[redacted\]$/s);
    expect(fields.stack).toMatch(/\nparams: \[redacted\]\n\s+at /);
    expect(fields.cause?.message).toMatch(/delivery_id.*not-null/);
  });
});
