import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deliveries } from '@/db/schema/sending';
import { startDispatchLoop } from '@/lib/sending/loop';
import { smtpTransport, resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { twilioTransport } from '@/lib/messaging/twilio-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import type { SendingTransports } from '@/lib/sending/transports';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { startTcpProxy, type TcpProxy } from '@/tests/fixtures/tcp-proxy';
import { startFakeTwilio, type FakeTwilio } from '@/tests/fixtures/fake-twilio';
import { settleSmsReviews } from '@/lib/sending/twilio-review';
import { campaignRow, createSendingScene } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * Issue 19 point 3: a transport that goes away mid-campaign. The SMTP server (behind a TCP proxy,
 * so it can vanish and come back on the same port) is down for 10 s: the circuit breaker stops
 * claims of e-mail (no rows wait in `sending`), sending resumes within seconds of its return, and
 * the server has every delivery exactly once. The same for Twilio answering 500s.
 */
const t = setupTestDatabase();
let smtp: SmtpSink;
let proxy: TcpProxy;
/** A mail host as hosted providers answer: the 250 after each closing dot 50 ms later. */
let slowSmtp: SmtpSink;
let slowProxy: TcpProxy;
let twilio: FakeTwilio;

beforeAll(async () => {
  smtp = await startSmtpSink({ parse: false });
  proxy = await startTcpProxy({ host: '127.0.0.1', port: smtp.port });
  slowSmtp = await startSmtpSink({ parse: false, endDelayMs: 50 });
  slowProxy = await startTcpProxy({ host: '127.0.0.1', port: slowSmtp.port });
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  resetSmtpTransports();
  await proxy.close();
  await smtp.close();
  await slowProxy.close();
  await slowSmtp.close();
  await twilio.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function transports(sms = outboxSmsTransport, perSecond = 100, smtpProxy = proxy, connections = 5): SendingTransports {
  return {
    email: smtpTransport(`smtp://127.0.0.1:${smtpProxy.port}?pool=true&maxConnections=${connections}&maxMessages=Infinity`),
    sms,
    emailLimiter: createRateLimiter(perSecond),
    smsLimiter: createRateLimiter(perSecond),
    from: (name) => `"${name}" <campaigns@starloop.test>`,
  };
}

async function sendingRows(campaignId: number): Promise<number> {
  const [row] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from deliveries where campaign_id = ${campaignId} and status = 'sending'`);
  return Number(row.n);
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

/**
 * The SMTP server behind `server`'s proxy vanishes for 10 s mid-campaign: nothing may wait in
 * `sending` (the breaker stops the claims), sending resumes within 15 s of its return, everyone
 * gets the message once, and at most one message per pooled connection is left to check.
 */
async function smtpOutage(server: { smtp: SmtpSink; proxy: TcpProxy }, connections: number, members: number, perSecond: number) {
  const { smtp, proxy } = server;
  const scene = await createSendingScene(t.db, { count: members });
  const loop = startDispatchLoop(t.db, { startDueScheduledCampaigns, transports: transports(outboxSmsTransport, perSecond, proxy, connections), intervalMs: 200, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000, batchSize: 50 });
  try {
    await waitFor(() => smtp.messages.length >= 100, 30_000);
    await proxy.down();
    const downAt = Date.now();
    // A message whose end was on its way may still be stored by the server.
    await sleep(500);
    const receivedAtDown = smtp.messages.length;
    const late: number[] = [];
    while (Date.now() - downAt < 10_000) {
      await sleep(200);
      // After the first seconds (messages in flight fail, the breaker opens), at most its probe.
      if (Date.now() - downAt > 2_500) late.push(await sendingRows(scene.campaignId));
    }
    expect(late.length).toBeGreaterThan(20);
    expect(Math.max(...late)).toBeLessThanOrEqual(1);
    expect(smtp.messages.length).toBe(receivedAtDown);
    await proxy.up();
    const resumedAfter = await waitFor(() => smtp.messages.length > receivedAtDown, 15_000);
    await waitFor(async () => (await campaignRow(t.db, scene.campaignId)).status === 5, 60_000);
    const rows = await t.db.select({ id: deliveries.id, status: deliveries.status, attempts: deliveries.attempts }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    const received = smtp.countsByDelivery();
    expect([...received.values()].filter((n) => n > 1)).toEqual([]);
    const review = rows.filter((r) => r.status === 'needs_review');
    for (const row of rows) {
      if (row.status === 'sent') expect(received.get(row.id), `delivery ${row.id}`).toBe(1);
      else expect(row.status).toBe('needs_review');
    }
    // The outage used no attempts: every sent row went out on its first.
    expect(rows.filter((r) => r.status === 'sent' && r.attempts !== 1)).toEqual([]);
    // A cut leaves in doubt at most the message each pooled connection held past its marker.
    expect(review.length).toBeLessThanOrEqual(connections);
    console.log(`smtp outage (${connections} connections): ${receivedAtDown} received before, resumed ${resumedAfter} ms after the server's return; ${review.length} up for review`);
  } finally {
    await loop.stop();
  }
}

describe('a transport outage mid-campaign', () => {
  it('SMTP down for 10 s: nothing waits in `sending`, sending resumes within seconds, everyone once', async () => {
    await smtpOutage({ smtp, proxy }, 5, 700, 100);
  }, 120_000);

  it('the same at real latency: a server answering each message in 50 ms, 20 connections', async () => {
    resetSmtpTransports();
    await smtpOutage({ smtp: slowSmtp, proxy: slowProxy }, 20, 1500, 200);
  }, 150_000);

  it('Twilio answering 500 for a while: SMS rows go back to the queue unspent and all leave once it recovers', async () => {
    const members = 60;
    const scene = await createSendingScene(t.db, { count: members, channel: 'sms' });
    const sms = twilioTransport({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.baseUrl, timeoutMs: 2_000 });
    const before = twilio.messages.length;
    twilio.failNext(8, 500);
    const loop = startDispatchLoop(t.db, { startDueScheduledCampaigns, transports: transports(sms, 50), intervalMs: 200, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000, batchSize: 20, concurrency: 4 });
    try {
      await waitFor(async () => (await campaignRow(t.db, scene.campaignId)).status === 5, 60_000);
    } finally {
      await loop.stop();
    }
    const rows = await t.db.select({ status: deliveries.status, attempts: deliveries.attempts, to: deliveries.toAddress }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(rows.map((r) => `${r.status}:${r.attempts}`)).toEqual(Array(members).fill('sent:1'));
    const mine = new Set(rows.map((r) => r.to));
    const got = twilio.messages.slice(before).filter((m) => mine.has(m.to));
    expect([got.length, new Set(got.map((m) => m.to)).size]).toEqual([members, members]);
  }, 90_000);

  it('Twilio hanging for 5 s: the breaker stops the claims after a few timeouts, and Twilio itself settles those few', async () => {
    const members = 60;
    const scene = await createSendingScene(t.db, { count: members, channel: 'sms' });
    const config = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.baseUrl, timeoutMs: 300 };
    const before = twilio.messages.length;
    // Every send is accepted and never answered while the hang lasts: the sender times out.
    twilio.hangNext(1_000_000);
    const loop = startDispatchLoop(t.db, { startDueScheduledCampaigns, transports: transports(twilioTransport(config), 50), intervalMs: 200, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000, batchSize: 20, concurrency: 4 });
    let review: number;
    try {
      await sleep(5_000);
      twilio.hangNext(0);
      const [row] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from deliveries where campaign_id = ${scene.campaignId} and status = 'needs_review'`);
      review = Number(row.n);
      await waitFor(async () => (await campaignRow(t.db, scene.campaignId)).status === 5, 60_000);
    } finally {
      await loop.stop();
    }
    // Without the breaker, four at a time would time out every 300 ms for 5 s (the whole campaign
    // in review); with it, the four in flight and the half-open probes (one per 1.5 s).
    expect(review).toBeGreaterThan(0);
    expect(review).toBeLessThanOrEqual(4 + 4);
    // Those in review were accepted by Twilio: its Messages API settles them as sent.
    const env = { TWILIO_ACCOUNT_SID: config.accountSid, TWILIO_AUTH_TOKEN: config.authToken, TWILIO_FROM: config.from, TWILIO_BASE_URL: config.baseUrl };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      expect(await settleSmsReviews(t.db, new Date())).toBe(review);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    const rows = await t.db.select({ status: deliveries.status, to: deliveries.toAddress }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(rows.map((r) => r.status)).toEqual(Array(members).fill('sent'));
    const mine = new Set(rows.map((r) => r.to));
    const got = twilio.messages.slice(before).filter((m) => mine.has(m.to));
    expect([got.length, new Set(got.map((m) => m.to)).size]).toEqual([members, members]);
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(members);
  }, 90_000);
});
