/**
 * Issue 22's SMS benchmark: an SMS campaign of N members (default 20,000) through our engine
 * (claim, consent and frequency checks, rendering, the attempt marker, the Twilio transport, the
 * sent record) to a loopback server answering like Twilio's Messages API
 * (tests/fixtures/fake-twilio.ts), against bare HTTP requests (the same global fetch, so the same
 * keep-alive pool) posting the same rendered bodies to the same server with the same concurrency.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sending-sms [-- 20000]
 *
 * The two senders take turns slice by slice (BENCH_SLICES, default 10; who goes first alternates),
 * as in bench/sending-email.ts: this shared machine's speed drifts within minutes. The server
 * counts what it accepted per phone: every member exactly once on each side. BENCH_IN_FLIGHT
 * (default 20) is both sides' concurrency (the engine's SMS requests in flight); BENCH_SMS_DELAY_MS
 * delays the fake Twilio's answers (the real API takes ~300 ms); BENCH_ENGINE_IN_FLIGHT overrides the engine's alone,
 * BENCH_LINGER_MS its markers' linger, BENCH_KEEP=1 keeps the database; BENCH_MARKS=1 prints each
 * turn's window, to split a `node --cpu-prof --import tsx` profile by sender (bench/RESULTS.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { runCampaignAction } from '@/lib/campaigns/transitions';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { renderSms } from '@/lib/sending/render-message';
import { selectSmsTransport } from '@/lib/messaging/send';
import { twilioConfigFromEnv, type TwilioConfig } from '@/lib/messaging/twilio-transport';
import type { SmsTransport } from '@/lib/messaging/types';
import { outboxEmailTransport } from '@/lib/messaging/outbox-transport';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { startFakeTwilio, type FakeTwilio } from '../tests/fixtures/fake-twilio';
import { scratchDatabase } from './scratch-database';

const MEMBERS = Number(process.argv[2] ?? 20_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const ENGINE_IN_FLIGHT = Number(process.env.BENCH_ENGINE_IN_FLIGHT ?? IN_FLIGHT);
/** How long the fake Twilio takes to answer each create (BENCH_SMS_DELAY_MS; the real one ~300 ms). */
const SMS_DELAY_MS = Number(process.env.BENCH_SMS_DELAY_MS ?? 0);
const TEMPLATE = 'Hi {{firstName}}, thanks for visiting Bench Café! Tell us how it went: {{googleReviewLink}}';
const REVIEW_LINK = 'https://g.page/r/bench/review';
const BASE_URL = 'https://app.starloop.test';

async function main() {
  const { admin, dbName, handle } = await scratchDatabase('starloop_bench_sms');
  const twilio = await startFakeTwilio({ replyDelayMs: SMS_DELAY_MS });
  // The transport the app would pick from its settings (lib/messaging/send.ts), pointed at loopback.
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+15005550006', TWILIO_BASE_URL: twilio.baseUrl });
  const config = twilioConfigFromEnv();
  if (!config) throw new Error('twilio settings not read');
  try {
    const { campaignId, merchantId } = await seed(handle.db);
    const ctx = { db: handle.db, merchantId, userId: 0, locale: 'en-US' as const, permissions: [], now: () => new Date() };
    const queueStart = performance.now();
    await runCampaignAction(ctx, campaignId, 'send');
    const queueMs = performance.now() - queueStart;
    const members = await campaignMembers(handle.db, campaignId);
    progress(`send-now queued ${members.length} deliveries in ${Math.round(queueMs)} ms`);

    const base = newSide('bare');
    const engine = newSide('engine');
    // The engine's HTTP calls timed, as the baseline's are: the rest of its time per message is its own.
    const twilioSms = selectSmsTransport();
    const sms: SmsTransport = { name: twilioSms.name, send: (db, message) => timedRequest(engine, () => twilioSms.send(db, message)) };
    const transports = { email: outboxEmailTransport, sms, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: () => 'Bench Café <campaigns@starloop.test>' };
    // fetch warmed up (compiled, connections open) for both senders before the first turn; not a member, not counted.
    await bareRequests(newSide('warm-up'), config, Array.from({ length: 1000 }, () => ({ to: '+15550000000', body: 'warm-up' })));
    const dbBefore = await databaseWork(admin, dbName);
    const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 10));
    const perSlice = Math.ceil(members.length / slices);
    let engineSent = 0;
    for (let slice = 0; slice < slices; slice++) {
      const part = members.slice(slice * perSlice, (slice + 1) * perSlice);
      if (!part.length) break;
      const bodies = part.map(renderedBody);
      const runBase = () => timed(base, twilio, () => bareRequests(base, config, bodies));
      const runEngine = () =>
        timed(engine, twilio, async () => {
          const upTo = engineSent + part.length;
          while (engineSent < upTo) {
            const report = await dispatchOnce(handle.db, {
              startDueScheduledCampaigns,
              transports,
              batchSize: Math.min(1000, upTo - engineSent),
              // The SMS requests in flight are the engine's bound (one unconfirmed message each).
              concurrency: ENGINE_IN_FLIGHT,
              smsInFlight: ENGINE_IN_FLIGHT,
              commitLingerMs: process.env.BENCH_LINGER_MS ? Number(process.env.BENCH_LINGER_MS) : undefined,
              baseUrl: BASE_URL,
              continueWhile: (round) => engineSent + round.claimed < upTo,
            });
            engineSent += report.sent;
            if (!report.claimed) break;
          }
        });
      const [first, second] = slice % 2 ? [runEngine, runBase] : [runBase, runEngine];
      await first();
      await second();
      const rate = (s: Side) => Math.round((s.sliceCounts[slice] / s.sliceMs[slice]) * 1000);
      progress(`slice ${slice + 1}/${slices}: bare HTTP ${rate(base)} msg/s, engine ${rate(engine)} msg/s`);
    }
    const dbAfter = await databaseWork(admin, dbName);
    // The last round completes the campaign.
    await dispatchOnce(handle.db, { startDueScheduledCampaigns, transports, batchSize: 1000, baseUrl: BASE_URL });
    const [status] = await handle.db.execute<{ status: number; success: number }>(sql`select status, success_records as success from campaigns where id = ${campaignId}`);
    const phones = members.map((m) => m.phone);
    // Both senders posted the same text to each phone (the engine rendered what the baseline did).
    const bodyOf = new Map<string, string>();
    const sameBodies = twilio.messages.every((m) => (bodyOf.get(m.to) ?? bodyOf.set(m.to, m.body).get(m.to)) === m.body);
    const basePerSecond = (base.count / base.ms) * 1000;
    const result = {
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
      date: new Date().toISOString(),
      loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
      members: MEMBERS,
      inFlight: { bare: IN_FLIGHT, engine: ENGINE_IN_FLIGHT },
      smsDelayMs: SMS_DELAY_MS,
      deliveryRowsMs: Math.round(queueMs),
      bareHttp: sideResult(base, phones, IN_FLIGHT),
      engine: { ...sideResult(engine, phones, ENGINE_IN_FLIGHT), campaignStatus: status.status, successRecords: status.success },
      // The engine's PostgreSQL work over its turns (the baseline has none), from pg_stat_database.
      engineDatabase: { transactionsPerMessage: +((dbAfter.xacts - dbBefore.xacts) / engine.count).toFixed(2), activeMsPerTransaction: +((dbAfter.activeMs - dbBefore.activeMs) / (dbAfter.xacts - dbBefore.xacts)).toFixed(2), activeUsPerMessage: Math.round(((dbAfter.activeMs - dbBefore.activeMs) * 1000) / engine.count) },
      sameBodies,
      ratio: +((engine.count / engine.ms) * 1000 / basePerSecond).toFixed(2),
      sliceRatios: engine.sliceMs.map((ms, i) => +(engine.sliceCounts[i] / ms / (base.sliceCounts[i] / base.sliceMs[i])).toFixed(2)),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await twilio.close();
    await handle.close();
    if (process.env.BENCH_KEEP === '1') progress(`kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/** Transactions committed in the database and time spent running its statements, once PostgreSQL has flushed its counters (idle backends do within a second). */
async function databaseWork(admin: import('postgres').Sql, dbName: string) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await admin`select pg_stat_clear_snapshot()`;
  const [row] = await admin<{ xacts: number; active_ms: number }[]>`select (xact_commit + xact_rollback)::int as xacts, active_time as active_ms from pg_stat_database where datname = ${dbName}`;
  return { xacts: Number(row.xacts), activeMs: Number(row.active_ms) };
}

/**
 * One sender's sums over its turns: wall ms, messages the server accepted (and per phone), this
 * process's CPU, the whole machine's busy CPU (us), per slice, and its HTTP calls' time (sent to
 * answer read, ms).
 */
type Side = { name: string; ms: number; count: number; cpuUs: number; machineUs: number; perPhone: Map<string, number>; sliceMs: number[]; sliceCounts: number[]; requestMs: number };

function newSide(name: string): Side {
  return { name, ms: 0, count: 0, cpuUs: 0, machineUs: 0, perPhone: new Map(), sliceMs: [], sliceCounts: [], requestMs: 0 };
}

/** Runs one turn, adding its time, CPU (this process: sender and server) and the server's count to the side. */
async function timed(side: Side, twilio: FakeTwilio, turn: () => Promise<void>) {
  const from = twilio.messages.length;
  const cpu = process.cpuUsage();
  const machineBefore = machineCpu();
  const start = performance.now();
  const clockStart = process.hrtime.bigint() / 1000n;
  await turn();
  const ms = performance.now() - start;
  // BENCH_MARKS=1: each turn's window on the clock of a --cpu-prof profile (us), to split it by sender.
  if (process.env.BENCH_MARKS === '1') progress(`${side.name} window (us): ${clockStart} ${process.hrtime.bigint() / 1000n}`);
  const used = process.cpuUsage(cpu);
  const machineAfter = machineCpu();
  const received = twilio.messages.slice(from);
  for (const m of received) side.perPhone.set(m.to, (side.perPhone.get(m.to) ?? 0) + 1);
  side.ms += ms;
  side.count += received.length;
  side.cpuUs += used.user + used.system;
  side.machineUs += machineAfter - machineBefore;
  side.sliceMs.push(ms);
  side.sliceCounts.push(received.length);
}

async function timedRequest<T>(side: Side, call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  return call().finally(() => (side.requestMs += performance.now() - start));
}

/**
 * The baseline: what the Twilio transport puts on the wire (URL, Basic auth, form body), posted
 * with the same global fetch, IN_FLIGHT at a time, each answer read and its sid checked.
 */
async function bareRequests(side: Side, config: TwilioConfig, bodies: { to: string; body: string }[]) {
  const endpoint = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) {
        const { to, body } = bodies[next++];
        const form = new URLSearchParams({ To: to, From: config.from, Body: body });
        if (config.statusCallbackUrl) form.set('StatusCallback', config.statusCallbackUrl);
        await timedRequest(side, async () => {
          const response = await fetch(endpoint, { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
          const answer = (await response.json()) as { sid?: string };
          if (response.status !== 201 || !answer.sid) throw new Error(`bare request refused: ${response.status}`);
        });
      }
    }),
  );
}

function sideResult(side: Side, phones: string[], inFlight: number) {
  const counts = phones.map((phone) => side.perPhone.get(phone) ?? 0);
  const [missing, repeated] = [counts.filter((n) => n === 0).length, counts.filter((n) => n > 1).length];
  return {
    received: side.count,
    everyMemberExactlyOnce: missing === 0 && repeated === 0 && side.count === phones.length,
    missing,
    repeated,
    perSecond: Math.round((side.count / side.ms) * 1000),
    // Little's law: the wall time each message held one of the sender's places, and its HTTP call's part.
    msPerMessageInFlight: +((side.ms * inFlight) / side.count).toFixed(1),
    requestMsPerMessage: +(side.requestMs / side.count).toFixed(1),
    nodeCpuUsPerMessage: Math.round(side.cpuUs / side.count),
    machineBusyUsPerMessage: Math.round(side.machineUs / side.count),
  };
}

/** The whole machine's busy CPU so far (/proc/stat, us): this process, PostgreSQL and the rest. */
function machineCpu(): number {
  const [, user, nice, system, , , irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq) * 1e4;
}

/** A merchant, its location, an SMS template, members with SMS opt-in and E.164 phones, and a DRAFT SMS campaign whose fresh snapshot send-now reuses. */
async function seed(db: Db): Promise<{ campaignId: number; merchantId: number }> {
  const [merchant] = await db.execute<{ id: number }>(sql`insert into merchants (name, address, subscription_status) values ('Bench Café', '1 Bench Road', 'enterprise') returning id`);
  const [location] = await db.execute<{ id: number }>(sql`insert into locations (merchant_id, name, address, city, state, country, review_link) values (${merchant.id}, 'Bench Store', '1 Main St', 'Springfield', 'IL', 'US', ${REVIEW_LINK}) returning id`,
  );
  const [template] = await db.execute<{ id: number }>(sql`insert into templates (merchant_id, name, type, content, include_unsubscribe) values (${merchant.id}, 'Bench SMS', 1, ${TEMPLATE}, true) returning id`);
  await db.execute(sql`
    insert into contacts (merchant_id, location_id, first_name, last_name, phone, sms_opt_in, opt_token, locale)
    select ${merchant.id}, ${location.id}, 'Member' || g, 'Bench', '+1415' || lpad(g::text, 7, '0'), true, md5(g::text || ${crypto.randomUUID()}), 'en-US'
    from generate_series(1, ${MEMBERS}) g`);
  const [snapshot] = await db.execute<{ id: number }>(sql`insert into member_snapshots (merchant_id, location_id, channel, total) values (${merchant.id}, ${location.id}, 1, ${MEMBERS}) returning id`);
  await db.execute(sql`insert into snapshot_members (merchant_id, snapshot_id, contact_id) select ${merchant.id}, ${snapshot.id}, id from contacts where merchant_id = ${merchant.id}`);
  const [campaign] = await db.execute<{ id: number }>(sql`insert into campaigns (merchant_id, name, channel, status, location_id, template_id, snapshot_id, start_time)
        values (${merchant.id}, 'Bench SMS campaign', 1, 0, ${location.id}, ${template.id}, ${snapshot.id}, null) returning id`,
  );
  return { campaignId: campaign.id, merchantId: merchant.id };
}

type Member = { phone: string; first_name: string; opt_token: string };

/** The campaign's members in the engine's order. */
async function campaignMembers(db: Db, campaignId: number): Promise<Member[]> {
  return db.execute<Member>(sql`select k.phone, k.first_name, k.opt_token from deliveries d join contacts k on k.id = d.contact_id where d.campaign_id = ${campaignId} order by d.id`);
}

/** The SMS the engine will send a member, rendered the same way, for the baseline. */
function renderedBody(m: Member) {
  const { body } = renderSms({
    template: { subject: null, content: TEMPLATE, contentText: '', includeUnsubscribe: true, locale: null },
    contact: { firstName: m.first_name, lastName: 'Bench', optToken: m.opt_token, locale: 'en-US' },
    reviewLink: REVIEW_LINK,
    baseUrl: BASE_URL,
  });
  return { to: m.phone, body };
}

main().catch((error) => (console.error(error), process.exit(1)));

function progress(message: string) {
  console.error(`[bench] ${message}`);
}
