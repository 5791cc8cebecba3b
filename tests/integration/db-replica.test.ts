import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import { GET as dashboardRoute } from '@/app/api/dashboard/route';
import { GET as reviewReportRoute } from '@/app/api/reviews/report/route';
import * as members from '@/app/api/member/route';
import { closeReplica, readDb, REPLICA_APPLICATION_NAME } from '@/lib/db/replica';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/**
 * Issue 20, point 5: DATABASE_REPLICA_URL. The "replica" here is the test database reached as a
 * read-only role (as a hot standby is read-only), so every statement that reaches it is seen in
 * pg_stat_activity under that role, and a write sent there would fail.
 */
const t = setupTestDatabase();
const reader = `starloop_replica_${crypto.randomBytes(4).toString('hex')}`;

describe.runIf(process.env.DATABASE_URL)('dashboard and report reads on DATABASE_REPLICA_URL (PostgreSQL)', () => {
  let m: TestMerchant;
  let locationId: number;
  let replicaUrl: string;

  beforeAll(async () => {
    await t.db.execute(sql.raw(`create role ${reader} login`));
    await t.db.execute(sql.raw(`grant usage on schema public to ${reader}; grant select on all tables in schema public to ${reader}`));
    await t.db.execute(sql.raw(`alter role ${reader} set default_transaction_read_only = on`));
    const url = new URL(t.url as string);
    url.username = reader;
    url.password = '';
    replicaUrl = url.toString();
    m = await createMerchant(t.db);
    locationId = (await createLocation(t.db, m.merchantId)).id;
    await t.db.insert(reviews).values(
      [5, 4, 2].map((rating, i) => {
        const at = new Date(Date.now() - (i + 1) * 86_400_000);
        return { merchantId: m.merchantId, locationId, site: 'google' as const, externalId: `replica-${i}`, reviewerName: `Reviewer ${i}`, rating, comment: 'ok', createTime: at, updateTime: at };
      }),
    );
  });

  afterEach(() => vi.unstubAllEnvs());

  afterAll(async () => {
    await closeReplica();
    await t.db.execute(sql.raw(`drop owned by ${reader}`));
    await t.db.execute(sql.raw(`drop role ${reader}`));
  });

  /** The statements the replica pool's backends ran last (pg_stat_activity keeps an idle one's). */
  async function replicaBackends(): Promise<{ query: string; application: string }[]> {
    return t.db.execute(sql`select query, application_name as application from pg_stat_activity where usename = ${reader} and pid <> pg_backend_pid()`);
  }

  it('without it, the dashboard reads the primary: no connection as the replica role', async () => {
    vi.stubEnv('DATABASE_REPLICA_URL', '');
    const ok = await callApi<{ reviews: { allSites: { total: number } } }>(dashboardRoute, { path: '/dashboard?period=12m', token: m.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.reviews.allSites.total).toBe(3);
    expect(await replicaBackends()).toEqual([]);
    expect(await readDb(t.db)).toBe(t.db);
  });

  it('with it, the dashboard and the review report read there; writes still go to the primary', async () => {
    vi.stubEnv('DATABASE_REPLICA_URL', replicaUrl);
    const dashboard = await callApi<{ reviews: { allSites: { total: number; average: number } } }>(dashboardRoute, { path: '/dashboard?period=12m', token: m.token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data.reviews.allSites).toEqual({ total: 3, average: 3.67 });
    const afterDashboard = await replicaBackends();
    expect(afterDashboard.length).toBeGreaterThan(0);
    expect(afterDashboard.every((b) => b.application === REPLICA_APPLICATION_NAME)).toBe(true);
    expect(afterDashboard.some((b) => /from "(reviews|deliveries|contacts|consent_events|review_sources)"/.test(b.query))).toBe(true);

    // A spreadsheet, not an envelope: called as the route is.
    const report = await reviewReportRoute(new Request('http://localhost/api/reviews/report', { headers: { authorization: `Bearer ${m.token}` } }), { params: Promise.resolve({}) });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('spreadsheetml');
    const afterReport = await replicaBackends();
    expect(afterReport.some((b) => /"reviews"\."reply_comment"|from "reviews"/.test(b.query))).toBe(true);

    // A write in the same process: the primary takes it (the read-only role would refuse it).
    const created = await callApi<{ id: number }>(members.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Ada', lastName: 'Primary', email: 'ada.primary@example.com', locationId, emailOptIn: true } });
    expect(created.status).toBe(200);
    const [row] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where merchant_id = ${m.merchantId} and email = 'ada.primary@example.com'`);
    expect(Number(row.n)).toBe(1);
    for (const backend of await replicaBackends()) expect(backend.query).not.toMatch(/^\s*(insert|update|delete)/i);

    // The replica really is read-only: a write sent there fails.
    const replica = await readDb(t.db);
    expect(replica).not.toBe(t.db);
    const refused = await replica.execute(sql`insert into contacts (merchant_id, first_name) values (${m.merchantId}, 'x')`).then(
      () => null,
      (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
    );
    expect(refused).toBe('25006');
  });
});
