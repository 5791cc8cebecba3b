import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { installProcessDatabase, openDatabase, type Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';
import { resetSmtpTransports, smtpTransport } from '@/lib/messaging/smtp-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { subscribeToWakeups, wakeDispatchers } from '@/lib/sending/wakeup';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import type { SendingTransports } from '@/lib/sending/transports';
import * as campaignRoot from '@/app/api/campaign/route';
import * as sendRoute from '@/app/api/campaign/[id]/send/route';
import * as members from '@/app/api/member/route';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { withDatabase } from '@/tests/fixtures/global-setup';
import { PGBOUNCER, startPgbouncer, type Pgbouncer } from '@/tests/fixtures/pgbouncer';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { campaignRow, deliveryStatuses } from '@/tests/fixtures/sending';
import { addTemplate } from './campaigns-fixtures';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * Issue 20 point 5: the app behind PgBouncer 1.18 in transaction pooling, which gives each
 * transaction any server connection and keeps no prepared statement across them. With
 * DATABASE_PREPARED_STATEMENTS=off the migrations (their lock a transaction's), contacts and a
 * campaign sent by the dispatcher all run through it; with named statements on, it breaks.
 */
const postgresUrl = process.env.DATABASE_URL;
const skipReason = !postgresUrl ? 'PostgreSQL only (DATABASE_URL unset)' : !fs.existsSync(PGBOUNCER) ? `${PGBOUNCER} is not installed (CI installs it: apt-get install pgbouncer)` : null;

describe.skipIf(skipReason !== null)(`behind PgBouncer 1.18 in transaction pooling${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let bouncer: Pgbouncer;
  let admin: import('postgres').Sql;
  let dbName: string;
  let bouncerUrl: string;
  let db: Db;
  let close: () => Promise<void>;
  let smtp: SmtpSink;
  const before = process.env.DATABASE_PREPARED_STATEMENTS;

  beforeAll(async () => {
    const config = inject('testDatabase');
    if (config.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const { default: postgres } = await import('postgres');
    admin = postgres(config.url, { max: 1, onnotice: () => {} });
    // An empty database: the migrations themselves run through PgBouncer.
    dbName = `${config.template}_bouncer_${crypto.randomBytes(4).toString('hex')}`;
    await admin.unsafe(`CREATE DATABASE "${dbName}"`);
    bouncer = await startPgbouncer(config.url, { poolSize: 3 });
    bouncerUrl = bouncer.via(withDatabase(config.url, dbName));
    smtp = await startSmtpSink();
    process.env.DATABASE_PREPARED_STATEMENTS = 'off';
  });

  afterAll(async () => {
    if (before === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
    else process.env.DATABASE_PREPARED_STATEMENTS = before;
    resetSmtpTransports();
    await close?.();
    await smtp?.close();
    await bouncer?.stop();
    await admin?.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin?.end();
  });

  it('migrates through it: three processes starting at once take turns on the transaction-level lock', async () => {
    const handles = await Promise.all([0, 1, 2].map(() => openDatabase({ url: bouncerUrl })));
    for (const h of handles.slice(1)) await h.close();
    ({ db, close } = handles[0]);
    installProcessDatabase(handles[0]);
    const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const files = fs.readdirSync('db/migrations').filter((f) => f.endsWith('.sql'));
    expect(Number(applied[0].n)).toBe(files.length);
    // No advisory lock is left behind on any server connection.
    const locks = await admin.unsafe(`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = '${dbName}')`);
    expect(locks[0].n).toBe(0);
  });

  it('creates contacts and lists them, creates a campaign and sends it with the dispatcher: sent count exact', async () => {
    const m = await createMerchant(db);
    const locationId = (await createLocation(db, m.merchantId)).id;
    const templateId = (await addTemplate(db, m.merchantId, 0)).id;
    for (const name of ['Ada', 'Grace', 'Linus']) {
      const created = await callApi<{ id: number }>(members.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: name, lastName: 'Bouncer', email: `${name.toLowerCase()}@example.com`, locationId, emailOptIn: true } });
      expect(created.status).toBe(200);
    }
    const listed = await callApi<{ total: number; records: { firstName: string }[] }>(members.GET, { path: '/member?pageSize=10&pageNum=1', token: m.token });
    expect(listed.body.data.total).toBe(3);
    expect(listed.body.data.records.map((r) => r.firstName).sort()).toEqual(['Ada', 'Grace', 'Linus']);

    const draft = await callApi<{ campaignId: number }>(campaignRoot.POST, { method: 'POST', path: '/campaign', token: m.token, body: { campaignName: 'Through the pooler', campaignChannel: 0, templateId, locationId, sendType: 0, timezone: 'UTC' } });
    expect(draft.status).toBe(200);
    const id = draft.body.data.campaignId;
    const sent = await callApi(sendRoute.POST, { method: 'POST', path: `/campaign/${id}/send`, token: m.token, params: { id: String(id) } });
    expect(sent.status).toBe(200);

    const transports: SendingTransports = { email: smtpTransport(smtp.url), sms: outboxSmsTransport, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: (name) => `"${name}" <campaigns@starloop.test>` };
    for (let i = 0; i < 20; i++) {
      const report = await dispatchOnce(db, { startDueScheduledCampaigns, transports, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000 });
      if (!report.claimed && !report.started) break;
    }
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(['ada@example.com', 'grace@example.com', 'linus@example.com']);
    expect(await deliveryStatuses(db, id)).toEqual({ sent: 3 });
    const row = await campaignRow(db, id);
    expect({ status: row.status, success: row.successRecords }).toEqual({ status: CampaignStatus.COMPLETED, success: 3 });
  });

  it('wakes the dispatchers through it when DATABASE_LISTEN_URL gives the LISTEN a direct connection', async () => {
    const config = inject('testDatabase');
    if (config.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const direct = withDatabase(config.url, dbName);
    const before = process.env.DATABASE_LISTEN_URL;
    process.env.DATABASE_LISTEN_URL = direct;
    let wakes = 0;
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const subscription = subscribeToWakeups(db, () => wakes++, listening);
    try {
      await ready;
      // The LISTEN session is the database's own, not one of PgBouncer's server connections.
      const sessions = await admin.unsafe(`select count(*)::int as n from pg_stat_activity where datname = '${dbName}' and query ilike 'listen%'`);
      expect(sessions[0].n).toBe(1);
      // The NOTIFY goes through PgBouncer like any statement of the app.
      await wakeDispatchers(db);
      const deadline = Date.now() + 5_000;
      while (wakes === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(wakes).toBe(1);
    } finally {
      await subscription.stop();
      if (before === undefined) delete process.env.DATABASE_LISTEN_URL;
      else process.env.DATABASE_LISTEN_URL = before;
    }
  });

  it('with named prepared statements on, a statement prepared on one server connection is missing on another', async () => {
    const { default: postgres } = await import('postgres');
    const named = postgres(bouncerUrl, { max: 1, prepare: true, onnotice: () => {} });
    const unnamed = postgres(bouncerUrl, { max: 1, prepare: false, onnotice: () => {} });
    const other = postgres(bouncerUrl, { max: 1, onnotice: () => {} });
    try {
      // Prepared on server connection A, which goes back to PgBouncer's pool...
      await named`select ${1}::int as n`;
      await unnamed`select ${1}::int as n`;
      // ...where another client's transaction takes it (PgBouncer reuses the last one first)...
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holding = other.begin(async (tx) => {
        await tx`select 1`;
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // ...so in a transaction of its own the statement meets server connection B, without it.
      const failure = await named.begin((tx) => tx`select ${2}::int as n`).then(() => null, (error: { code?: string }) => error.code);
      const plain = await unnamed.begin((tx) => tx`select ${2}::int as n`);
      release();
      await holding;
      expect(failure).toBe('26000');
      expect(plain[0].n).toBe(2);
    } finally {
      await Promise.all([named.end(), unnamed.end(), other.end()]);
    }
  });
});
