/**
 * Issue 7's benchmark: a 100,000-member e-mail campaign through our engine (claim, consent and
 * frequency checks, rendering, tracking, transport, exactly-once bookkeeping) to a real SMTP
 * server on loopback, against nodemailer alone sending the same 100,000 rendered messages to the
 * same server with the same pool. Also times building the 100,000 delivery rows.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sending [-- 100000]
 *
 * The delivery rows are built by the app's own send-now call (runCampaignAction 'send': lock,
 * checks, snapshot reuse, one INSERT ... SELECT, the count). BENCH_SEND=0 stops after that (to time
 * the rows at 100,000 without sending them all); BENCH_KEEP=1 keeps the database, BENCH_REUSE=<name>
 * times the rows again on it (the campaign reset to DRAFT), BENCH_FRESH_SNAPSHOT=1 has send-now
 * build the audience (filters, consent exclusions, count) instead of reusing the seeded snapshot;
 * BENCH_DB_PREFIX names the scratch database;
 * BENCH_ENGINE_IN_FLIGHT sets the engine's concurrency (default the dispatcher's: twice the connections plus the SMS in flight),
 * BENCH_LINGER_MS its attempt markers' linger (default the dispatcher's); BENCH_SLICES
 * (default 10) how many turns the two senders take. Both senders connect through the same socket
 * hook (TCP_NODELAY, lib/messaging/smtp-transport.ts), so the ratio is our engine's own overhead.
 *
 * BENCH_POOL (default 5) is both senders' SMTP connections; BENCH_SMTP_DELAY_MS has the sink answer
 * each closing dot that much later (hosted providers take 50-300 ms). The engine is SMTP's own: the
 * message's end held until its marker is in (the end gate, at most one unconfirmed message per
 * connection). BENCH_UNHELD=1 also times it marked before the call (the transport wrapped so it
 * does not hold the end), half of each slice.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { runCampaignAction } from '@/lib/campaigns/transitions';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { renderEmail } from '@/lib/sending/render-message';
import { noDelaySocket, resetSmtpTransports, smtpTransport } from '@/lib/messaging/smtp-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { reusedDatabase, scratchDatabase } from './scratch-database';

const MEMBERS = Number(process.argv[2] ?? 100_000);
/** SMTP connections of both senders (BENCH_POOL, default 5). */
const POOL = Number(process.env.BENCH_POOL ?? 5);
/** How long the sink waits after each closing dot before its 250 (BENCH_SMTP_DELAY_MS): a hosted provider takes 50-300 ms. */
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 0);
/** nodemailer's messages in flight: four per connection, so its pool always has the next one queued. */
const IN_FLIGHT = 4 * POOL;
/** BENCH_UNHELD=1 also times the engine marked before the call (the transport not holding the end). */
const WITH_UNHELD = process.env.BENCH_UNHELD === '1';
const TEMPLATE = '<p>Hi {{fullName}},</p><p>Thanks for visiting. <a href="{{googleReviewLink}}">Write a review</a></p><p><a href="{{optoutLink}}">Unsubscribe</a></p>';

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const { admin, dbName, handle } = reuse ? await reusedDatabase(reuse) : await scratchDatabase('starloop_bench');
  const sink = await startCountingSink(SMTP_DELAY_MS);
  try {
    const { campaignId, merchantId } = reuse ? await resetCampaign(handle.db) : await seed(handle.db);

    progress('seeded the members');
    const ctx = { db: handle.db, merchantId, userId: 0, locale: 'en-US' as const, permissions: [], now: () => new Date() };
    // BENCH_FRESH_SNAPSHOT=1: send-now builds the audience itself (the filters, the consent
    // exclusions, the count) instead of reusing the preview's snapshot.
    if (process.env.BENCH_FRESH_SNAPSHOT === '1') await handle.db.execute(sql`update campaigns set snapshot_id = null where id = ${campaignId}`);
    const memory = sampleMemory();
    const queueStart = performance.now();
    const sent = await runCampaignAction(ctx, campaignId, 'send');
    const queueMs = performance.now() - queueStart;
    const queueMemory = memory.stop();
    const [rows] = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from deliveries where campaign_id = ${campaignId}`);

    progress(`send-now queued ${rows.n} deliveries (totalRecords ${sent.totalRecords}) in ${Math.round(queueMs)} ms`);
    if (process.env.BENCH_SEND === '0') {
      console.log(JSON.stringify({ machine: machine(), date: new Date().toISOString(), loadAverage: os.loadavg().map((l) => +l.toFixed(1)), members: MEMBERS, freshSnapshot: process.env.BENCH_FRESH_SNAPSHOT === '1', deliveryRows: rows.n, deliveryRowsMs: Math.round(queueMs), memoryMiB: queueMemory }, null, 2));
      return;
    }
    // Baseline and engine take turns, slice by slice (BENCH_SLICES, default 10): this machine's
    // speed drifts by up to 2x within minutes (other work on its 2 cores), and back-to-back runs of
    // 60 s each compared two different machines. Each side's times are summed over its slices.
    // Each slice's messages are rendered just before its turn: holding all 100,000 rendered messages
    // (~150 MB) made every major garbage collection of both senders walk them.
    const members = await campaignMembers(handle.db, campaignId);
    const baseline = nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true, pool: true, maxConnections: POOL, maxMessages: Infinity, getSocket: noDelaySocket });
    const transports = {
      email: smtpTransport(`smtp://127.0.0.1:${sink.port}?pool=true&maxConnections=${POOL}&maxMessages=Infinity`),
      sms: outboxSmsTransport,
      emailLimiter: createRateLimiter(0),
      smsLimiter: createRateLimiter(0),
      from: () => '"Bench Café" <campaigns@starloop.test>',
    };
    const unheldEmail = transports.email;
    const held: EngineSide = { name: 'engine', transports, ms: 0, cpuUs: 0, count: 0, sliceRatios: [] };
    const unheld: EngineSide = {
      name: 'unheld',
      transports: { ...transports, email: { name: 'smtp', send: (db, message) => unheldEmail.send(db, message) } },
      ms: 0,
      cpuUs: 0,
      count: 0,
      sliceRatios: [],
    };
    const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 10));
    const perSlice = Math.ceil(members.length / slices);
    let baseMs = 0;
    // CPU of this process (sender and sink) per side: less at the mercy of the machine's load than
    // wall time, and the engine's own overhead is the difference.
    let baseCpuUs = 0;
    const cpu = () => {
      const u = process.cpuUsage();
      return u.user + u.system;
    };
    // The whole machine's busy and stolen CPU (/proc/stat, us): this process, PostgreSQL and the rest.
    const machineCpu = () => {
      const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
      const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks;
      const us = 1e6 / 100;
      return { busy: (user + nice + system + irq + softirq) * us, steal: steal * us, idle: (idle + iowait) * us };
    };
    const machineSpent = { base: { busy: 0, steal: 0, idle: 0 }, engine: { busy: 0, steal: 0, idle: 0 }, unheld: { busy: 0, steal: 0, idle: 0 } };
    const addMachine = (side: 'base' | 'engine' | 'unheld', before: ReturnType<typeof machineCpu>) => {
      const after = machineCpu();
      for (const k of ['busy', 'steal', 'idle'] as const) machineSpent[side][k] += after[k] - before[k];
    };
    let baseCount = 0;
    let engineSent = 0;
    for (let slice = 0; slice < slices; slice++) {
      const part = members.slice(slice * perSlice, (slice + 1) * perSlice).map(renderedMessage);
      if (!part.length) break;
      sink.count = 0;
      const baseCpu = cpu();
      const baseMachine = machineCpu();
      const baseWindowStart = process.hrtime.bigint() / 1000n;
      const baseStart = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < part.length) {
            const m = part[next++];
            await baseline.sendMail({ from: '"Bench Café" <campaigns@starloop.test>', ...m });
          }
        }),
      );
      const sliceBaseMs = performance.now() - baseStart;
      baseMs += sliceBaseMs;
      const sliceBaseCpu = cpu() - baseCpu;
      baseCpuUs += sliceBaseCpu;
      addMachine('base', baseMachine);
      baseCount += sink.count;
      if (process.env.BENCH_MARKS === '1') progress(`nodemailer window (us): ${baseWindowStart} ${process.hrtime.bigint() / 1000n}`);

      // The engine as it runs (the end held until its marker is in, at most one unconfirmed message
      // per connection), and with BENCH_UNHELD=1 also marked before the call, half the slice each.
      const target = Math.min(members.length, (slice + 1) * perSlice);
      const half = Math.min(target, engineSent + Math.ceil((target - engineSent) / 2));
      const sides: [EngineSide, number][] = WITH_UNHELD
        ? [
            [held, half],
            [unheld, target],
          ]
        : [[held, target]];
      const rates: number[] = [];
      for (const [side, upTo] of sides) {
        sink.count = 0;
        const engineCpu = cpu();
        const engineMachine = machineCpu();
        const engineStart = performance.now();
        while (engineSent < upTo) {
          const report = await dispatchOnce(handle.db, {
            startDueScheduledCampaigns,
            transports: side.transports,
            batchSize: Math.min(1000, upTo - engineSent),
            // Default: the dispatcher's own (twice the connections, plus the SMS requests in flight).
            concurrency: process.env.BENCH_ENGINE_IN_FLIGHT ? Number(process.env.BENCH_ENGINE_IN_FLIGHT) : undefined,
            commitLingerMs: process.env.BENCH_LINGER_MS ? Number(process.env.BENCH_LINGER_MS) : undefined,
            baseUrl: 'https://app.starloop.test',
            // Batches of this slice follow each other within one call, like the worker's loop.
            continueWhile: (round) => engineSent + round.claimed < upTo,
          });
          engineSent += report.sent;
          if (!report.claimed) break;
        }
        const sideMs = performance.now() - engineStart;
        side.ms += sideMs;
        side.cpuUs += cpu() - engineCpu;
        addMachine(side.name, engineMachine);
        side.count += sink.count;
        rates.push(Math.round((sink.count / sideMs) * 1000));
        side.sliceRatios.push(+((sink.count / sideMs) / (part.length / sliceBaseMs)).toFixed(2));
      }
      progress(`slice ${slice + 1}/${slices}: nodemailer ${Math.round((part.length / sliceBaseMs) * 1000)} msg/s (${Math.round(sliceBaseCpu / part.length)} us CPU/msg), engine held ${rates[0]} msg/s${WITH_UNHELD ? `, engine marked before the call ${rates[1]} msg/s` : ''}`);
    }
    // The last round completes the campaign.
    await dispatchOnce(handle.db, { startDueScheduledCampaigns, transports, batchSize: 1000, baseUrl: 'https://app.starloop.test' });
    baseline.close();
    const [status] = await handle.db.execute<{ status: number; success: number }>(sql`select status, success_records as success from campaigns where id = ${campaignId}`);

    const result = {
      machine: machine(),
      date: new Date().toISOString(),
      loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
      members: MEMBERS,
      pool: POOL,
      smtpDelayMs: SMTP_DELAY_MS,
      deliveryRowsMs: Math.round(queueMs),
      deliveryRowsMemoryMiB: queueMemory,
      nodemailerAlone: { received: baseCount, seconds: +(baseMs / 1000).toFixed(1), perSecond: Math.round((baseCount / baseMs) * 1000), nodeCpuUsPerMessage: Math.round(baseCpuUs / baseCount), machineUsPerMessage: perMessage(machineSpent.base, baseCount) },
      engineHeld: sideResult(held, baseCount / baseMs, status, machineSpent.engine),
      engineMarkedBeforeCall: WITH_UNHELD ? sideResult(unheld, baseCount / baseMs, status, machineSpent.unheld) : null,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    resetSmtpTransports();
    await sink.close();
    await handle.close();
    if (process.env.BENCH_KEEP === '1' || reuse) progress(`kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

interface EngineSide {
  name: 'engine' | 'unheld';
  transports: Parameters<typeof dispatchOnce>[1]['transports'];
  ms: number;
  cpuUs: number;
  count: number;
  sliceRatios: number[];
}

function sideResult(side: EngineSide, basePerMs: number, status: { status: number; success: number }, spent: { busy: number; steal: number; idle: number }) {
  return {
    received: side.count,
    seconds: +(side.ms / 1000).toFixed(1),
    perSecond: Math.round((side.count / side.ms) * 1000),
    campaignStatus: status.status,
    successRecords: status.success,
    nodeCpuUsPerMessage: Math.round(side.cpuUs / side.count),
    machineUsPerMessage: perMessage(spent, side.count),
    ratio: +(side.count / side.ms / basePerMs).toFixed(2),
    sliceRatios: side.sliceRatios,
  };
}

/** Machine CPU per message, us: busy (all processes), stolen by the host, idle. */
function perMessage(spent: { busy: number; steal: number; idle: number }, count: number) {
  return { busy: Math.round(spent.busy / count), steal: Math.round(spent.steal / count), idle: Math.round(spent.idle / count) };
}

/** This process's RSS and heap every 10 ms until stopped: at the start, the peak and the end, MiB. */
function sampleMemory() {
  const read = () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed };
  };
  const start = read();
  const peak = { ...start };
  const timer = setInterval(() => {
    const now = read();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
  }, 10);
  const mib = (m: { rss: number; heapUsed: number }) => ({ rss: +(m.rss / 2 ** 20).toFixed(1), heapUsed: +(m.heapUsed / 2 ** 20).toFixed(1) });
  return {
    stop() {
      clearInterval(timer);
      return { start: mib(start), peak: mib(peak), end: mib(read()) };
    },
  };
}

function machine(): string {
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

/** A merchant, its location, template and members, and a DRAFT e-mail campaign whose fresh snapshot send-now reuses. */
async function seed(db: Db): Promise<{ campaignId: number; merchantId: number }> {
  const [merchant] = await db.execute<{ id: number }>(sql`insert into merchants (name, address) values ('Bench Café', '1 Bench Road') returning id`);
  const [location] = await db.execute<{ id: number }>(
    sql`insert into locations (merchant_id, name, address, city, state, country, review_link) values (${merchant.id}, 'Bench Store', '1 Main St', 'Springfield', 'IL', 'US', 'https://g.page/r/bench/review') returning id`,
  );
  const [template] = await db.execute<{ id: number }>(sql`insert into templates (merchant_id, name, type, subject, content) values (${merchant.id}, 'Bench', 0, 'Thanks {{firstName}}!', ${TEMPLATE}) returning id`);
  await db.execute(sql`
    insert into contacts (merchant_id, location_id, first_name, last_name, email, email_opt_in, opt_token, locale)
    select ${merchant.id}, ${location.id}, 'Member' || g, 'Bench', 'member' || g || '@bench.example', true, md5(g::text || ${crypto.randomUUID()}), 'en-US'
    from generate_series(1, ${MEMBERS}) g`);
  const [snapshot] = await db.execute<{ id: number }>(sql`insert into member_snapshots (merchant_id, location_id, channel, total) values (${merchant.id}, ${location.id}, 0, ${MEMBERS}) returning id`);
  await db.execute(sql`insert into snapshot_members (merchant_id, snapshot_id, contact_id) select ${merchant.id}, ${snapshot.id}, id from contacts where merchant_id = ${merchant.id}`);
  const [campaign] = await db.execute<{ id: number }>(
    sql`insert into campaigns (merchant_id, name, channel, status, location_id, template_id, snapshot_id, start_time)
        values (${merchant.id}, 'Bench campaign', 0, 0, ${location.id}, ${template.id}, ${snapshot.id}, null) returning id`,
  );
  return { campaignId: campaign.id, merchantId: merchant.id };
}

/**
 * A kept database's campaign back to DRAFT with no deliveries, its seeded snapshot fresh again
 * (BENCH_REUSE: time the delivery rows again without seeding a million members).
 */
async function resetCampaign(db: Db): Promise<{ campaignId: number; merchantId: number }> {
  const [c] = await db.execute<{ id: number; merchant_id: number; snapshot: number }>(
    sql`select c.id, c.merchant_id, (select min(id) from member_snapshots s where s.merchant_id = c.merchant_id) as snapshot from campaigns c where c.name = 'Bench campaign'`,
  );
  await db.execute(sql`truncate deliveries, delivery_events`);
  await db.execute(sql`delete from snapshot_members where snapshot_id <> ${c.snapshot}`);
  await db.execute(sql`delete from member_snapshots where id <> ${c.snapshot}`);
  await db.execute(sql`update member_snapshots set created_at = now() where id = ${c.snapshot}`);
  await db.execute(sql`update campaigns set status = 0, snapshot_id = ${c.snapshot}, start_time = null, total_records = 0, success_records = 0 where id = ${c.id}`);
  await db.execute(sql`vacuum analyze`);
  // Every timed run starts with the WAL of the reset written out: otherwise a checkpoint the
  // previous run's ~600 MB of WAL asked for lands inside this one, at random (±1.5 s).
  await db.execute(sql`checkpoint`);
  return { campaignId: c.id, merchantId: c.merchant_id };
}

type Member = {
  id: number;
  email: string;
  first_name: string;
  opt_token: string;
};

/** The campaign's members in the engine's order. */
async function campaignMembers(db: Db, campaignId: number): Promise<Member[]> {
  return db.execute<Member>(sql`select d.id, k.email, k.first_name, k.opt_token from deliveries d join contacts k on k.id = d.contact_id where d.campaign_id = ${campaignId} order by d.id`);
}

/** The message the engine will send a member, rendered the same way, for the baseline. */
function renderedMessage(r: Member) {
  const email = renderEmail(
    {
      template: { subject: 'Thanks {{firstName}}!', content: TEMPLATE, contentText: '', includeUnsubscribe: false, locale: 'en-US' },
      contact: { firstName: r.first_name, lastName: 'Bench', optToken: r.opt_token, locale: 'en-US' },
      reviewLink: 'https://g.page/r/bench/review',
      baseUrl: 'https://app.starloop.test',
    },
    r.id,
    1,
  );
  return { to: r.email, subject: email.subject, html: email.html, text: email.text, headers: email.headers };
}

/** A real SMTP server on loopback counting what arrives; each 250 after `delayMs` (counted at the dot). */
async function startCountingSink(delayMs: number) {
  const state = { count: 0, port: 0, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        state.count++;
        if (delayMs > 0) setTimeout(callback, delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

function progress(message: string) {
  console.error(`[bench] ${message}`);
}
