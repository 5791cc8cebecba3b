import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { rateLimitHits } from '@/db/schema/auth-codes';
import { HIT_RETENTION_SECONDS, sweepRateLimitHits } from '@/lib/rate-limit/sweep';
import { POST as emailValidate } from '@/app/api/user/emailValidate/route';

const t = setupTestDatabase();
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);

async function keys(): Promise<string[]> {
  return (await t.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key).sort();
}

// The first counted request of this file (this process, this database) runs the sweep.
beforeAll(async () => {
  await t.db.insert(rateLimitHits).values([
    { bucket: 'login', key: 'ip:192.0.2.1', createdAt: ago(HIT_RETENTION_SECONDS + 60) },
    { bucket: 'code', key: 'ip:192.0.2.2', createdAt: ago(30 * 24 * 3600) },
    { bucket: 'phoneCodeDay', key: 'merchant:1', createdAt: ago(HIT_RETENTION_SECONDS + 1) },
    { bucket: 'login', key: 'acct:kept@example.com', createdAt: ago(3600) },
  ]);
});

describe(`old rate-limit hits are swept (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('of every bucket and key, not only the current request\'s', async () => {
    const answer = await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email: 'sweeper@limits.example' } });
    expect(answer.status).toBe(200);
    expect(await keys()).toEqual(['acct:kept@example.com', 'ip:unknown']);
  });

  it('in bounded batches', async () => {
    await t.db.insert(rateLimitHits).values(Array.from({ length: 5 }, (_, i) => ({ bucket: 'login', key: `ip:198.51.100.${i}`, createdAt: ago(HIT_RETENTION_SECONDS + 60) })));
    expect(await sweepRateLimitHits(t.db, new Date(), 3)).toBe(3);
    expect(await sweepRateLimitHits(t.db, new Date(), 3)).toBe(2);
    expect(await sweepRateLimitHits(t.db, new Date(), 3)).toBe(0);
    expect(await keys()).toEqual(['acct:kept@example.com', 'ip:unknown']);
  });
});
