import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { installProcessDatabase, openDatabase, type DbHandle } from '@/db/client';
import { reviews } from '@/db/schema/reviews';
import * as reviewsRoute from '@/app/api/reviews/route';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { withDatabase } from '@/tests/fixtures/global-setup';
import { PGBOUNCER, startPgbouncer, type Pgbouncer } from '@/tests/fixtures/pgbouncer';

/**
 * The app's connections read dates the same whatever the database's own TimeZone and DateStyle
 * (found from outside: with Asia/Shanghai, times before 1905 came back with a `+08:05:43` offset
 * `new Date()` cannot read, so null; with `SQL, DMY` the seed crashed on `29/11/2026 03:33:57 GMT`).
 * Directly and through PgBouncer in transaction pooling, whose server connections other clients share.
 */
const postgresUrl = process.env.DATABASE_URL;
const bouncerSkip = !fs.existsSync(PGBOUNCER) ? `${PGBOUNCER} is not installed` : null;
const LMT_MIDNIGHT = '1899-12-31T15:54:17.000Z'; // 1900-01-01 00:00 in Shanghai's local mean time

describe.skipIf(!postgresUrl)('a database set to Asia/Shanghai and SQL, DMY (PostgreSQL only)', () => {
  let admin: import('postgres').Sql;
  let dbName: string;
  let url: string;
  const opened: DbHandle[] = [];
  let bouncer: Pgbouncer | undefined;
  const before = process.env.DATABASE_PREPARED_STATEMENTS;

  beforeAll(async () => {
    const config = inject('testDatabase');
    if (config.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const { default: postgres } = await import('postgres');
    admin = postgres(config.url, { max: 1, onnotice: () => {} });
    dbName = `${config.template}_session_${crypto.randomBytes(4).toString('hex')}`;
    await admin.unsafe(`CREATE DATABASE "${dbName}" TEMPLATE "${config.template}"`);
    await admin.unsafe(`ALTER DATABASE "${dbName}" SET timezone = 'Asia/Shanghai'`);
    await admin.unsafe(`ALTER DATABASE "${dbName}" SET datestyle = 'SQL, DMY'`);
    url = withDatabase(config.url, dbName);
  });

  afterAll(async () => {
    if (before === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
    else process.env.DATABASE_PREPARED_STATEMENTS = before;
    for (const h of opened) await h.close();
    await bouncer?.stop();
    await admin?.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin?.end();
  });

  async function readsDates(handle: DbHandle) {
    opened.push(handle);
    installProcessDatabase(handle);
    const { db } = handle;
    const m = await createMerchant(db);
    await db.insert(reviews).values({ merchantId: m.merchantId, site: 'other', origin: 'manual', externalId: `old-${m.merchantId}`, reviewerName: 'Old', rating: 4, createTime: new Date(LMT_MIDNIGHT), updateTime: new Date(LMT_MIDNIGHT) });
    const list = await callApi<{ records: { createTime: string | null }[] }>(reviewsRoute.GET, { path: '/reviews?from=1900-01-01&to=1900-01-01', token: m.token });
    expect([list.status, list.body.data.records.map((r) => r.createTime)]).toEqual([200, [LMT_MIDNIGHT]]);
    const [raw] = await db.execute<{ at: string; day: string; zone: string; style: string }>(
      sql`select create_time as at, '2026-11-29'::date as day, current_setting('TimeZone') as zone, current_setting('DateStyle') as style from reviews where merchant_id = ${m.merchantId}`,
    );
    expect([new Date(raw.at).toISOString(), String(raw.day).slice(0, 10), raw.zone, raw.style]).toEqual([LMT_MIDNIGHT, '2026-11-29', 'UTC', 'ISO, MDY']);
  }

  it('reads a 1900-01-01 review date and a date through the app client', async () => {
    await readsDates(await openDatabase({ url }));
  });

  describe.skipIf(bouncerSkip !== null)(`through PgBouncer in transaction pooling${bouncerSkip ? ` (skipped: ${bouncerSkip})` : ''}`, () => {
    it('keeps UTC and ISO on every server connection it hands over, shared with a client of the database defaults', async () => {
      bouncer = await startPgbouncer(url, { poolSize: 2 });
      process.env.DATABASE_PREPARED_STATEMENTS = 'off';
      const viaBouncer = bouncer.via(url);
      await readsDates(await openDatabase({ url: viaBouncer }));
      // Two server connections (the migration lock needs two), taken in turn by the app and by a client that sets nothing.
      const { default: postgres } = await import('postgres');
      const plain = postgres(viaBouncer, { max: 1, prepare: false, onnotice: () => {}, connection: { application_name: 'plain' } });
      try {
        const app = opened.at(-1) as DbHandle;
        for (let i = 0; i < 5; i++) {
          const [mine] = await app.db.execute<{ zone: string; style: string }>(sql`select current_setting('TimeZone') as zone, current_setting('DateStyle') as style`);
          const [theirs] = await plain`select current_setting('TimeZone') as zone, current_setting('DateStyle') as style`;
          expect([mine.zone, mine.style, theirs.zone, theirs.style]).toEqual(['UTC', 'ISO, MDY', 'Asia/Shanghai', 'SQL, DMY']);
        }
      } finally {
        await plain.end();
      }
    });
  });
});
