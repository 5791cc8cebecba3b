import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CampaignStatus, campaigns } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { dispatchOnce, type DispatchOptions } from '@/lib/sending/dispatcher';
import { smtpTransport, resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { twilioTransport } from '@/lib/messaging/twilio-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import type { EmailTransport, SmsTransport } from '@/lib/messaging/types';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import type { SendingTransports } from '@/lib/sending/transports';
import * as pauseRoute from '@/app/api/campaign/[id]/pause/route';
import * as resumeRoute from '@/app/api/campaign/[id]/resume/route';
import { callApi } from '@/tests/fixtures/api';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { campaignRow, createSendingScene, deliveryStatuses, type Scene } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * Issue 7 items 1 and 5: what happens to a batch already claimed when the campaign is paused or
 * quiet hours begin, and which transport failures may be retried (before the message was handed
 * over) or must go to review (after it, the provider may have accepted it).
 */
const t = setupTestDatabase();
let smtp: SmtpSink;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink({ parse: false });
});
afterAll(async () => {
  resetSmtpTransports();
  for (const close of closers) await close();
  await smtp.close();
});

const base = { startDueScheduledCampaigns, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000 };
function transportsWith(email: EmailTransport, sms: SmsTransport = outboxSmsTransport): SendingTransports {
  return { email, sms, emailLimiter: createRateLimiter(0), smsLimiter: createRateLimiter(0), from: (name) => `"${name}" <campaigns@starloop.test>` };
}
const action = (route: typeof pauseRoute.POST, name: string, scene: Scene) =>
  callApi(route, { method: 'POST', path: `/campaign/${scene.campaignId}/${name}`, token: scene.merchant.token, params: { id: String(scene.campaignId) } });
async function deliveriesOf(campaignId: number) {
  return t.db.select().from(deliveries).where(eq(deliveries.campaignId, campaignId)).orderBy(deliveries.id);
}
const received = (emails: Set<string>) => smtp.messages.filter((m) => emails.has(m.to[0])).length;

describe('pause in the middle of a claimed batch', () => {
  // held: SMTP's own order (content first, the marker before the closing dot); not held: a
  // transport marked before it is called (SMS, the outbox).
  for (const [concurrency, held] of [[1, false], [4, false], [1, true], [4, true]] as const) {
    it(`sends nothing that had not reached its transport when the pause (POST /pause) committed (concurrency ${concurrency}${held ? ', end held' : ''})`, async () => {
      const scene = await createSendingScene(t.db, { count: 20 });
      const emails = new Set((await deliveriesOf(scene.campaignId)).map((r) => r.toAddress.toLowerCase()));
      const real = smtpTransport(smtp.url);
      let calls = 0;
      let pausedAt = 0;
      let afterPause = 0;
      let endedAfterPause = 0;
      const email: EmailTransport = {
        name: 'smtp',
        holdsEnd: held,
        async send(db, message, hold) {
          const startedAfterPause = pausedAt > 0;
          if (startedAfterPause) afterPause++;
          const result = await real.send(db, message, held ? hold : undefined);
          if (startedAfterPause) endedAfterPause++;
          if (++calls === 3) {
            // The merchant pauses while this third message is in flight (sent, not yet recorded).
            const answer = await action(pauseRoute.POST, 'pause', scene);
            expect(answer.body.data).toMatchObject({ status: CampaignStatus.PAUSED });
            pausedAt = calls;
          }
          return result;
        },
      };
      const report = await dispatchOnce(t.db, { transports: transportsWith(email), ...base, batchSize: 20, concurrency });
      expect(report.claimed).toBe(20);
      // No transport call started after the pause was committed (held: none that started after it
      // was let end; their content reached the server unterminated): the rest went back to the queue.
      expect(held ? endedAfterPause : afterPause).toBe(0);
      const statuses = await deliveryStatuses(t.db, scene.campaignId);
      expect(statuses.sent).toBe(calls);
      expect(statuses.queued).toBe(20 - calls);
      if (concurrency === 1) expect(calls).toBe(3);
      expect(received(emails)).toBe(calls);
      const paused = await campaignRow(t.db, scene.campaignId);
      expect([paused.status, paused.successRecords]).toEqual([CampaignStatus.PAUSED, calls]);
      expect((await deliveriesOf(scene.campaignId)).filter((r) => r.status === 'queued').every((r) => r.attempts === 0)).toBe(true);

      // Resume continues where it stopped: everyone once.
      expect((await action(resumeRoute.POST, 'resume', scene)).status).toBe(200);
      for (let i = 0; i < 5 && (await dispatchOnce(t.db, { transports: transportsWith(real), ...base })).claimed; i++);
      expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 20 });
      expect(received(emails)).toBe(20);
      expect(new Set(smtp.messages.filter((m) => emails.has(m.to[0])).map((m) => m.to[0])).size).toBe(20);
    });
  }
});

describe('quiet hours beginning in the middle of a claimed batch', () => {
  it('stops at the first quiet minute and moves the rest to the end of quiet hours', async () => {
    // 21:59:58 in New York (EDT): quiet hours 22:00-08:00 begin two messages later.
    let clock = new Date('2026-07-02T01:59:58Z');
    const scene = await createSendingScene(t.db, { count: 5, campaign: { avoidHours: '22:00-08:00' }, queuedAt: new Date('2026-07-01T00:00:00Z') });
    const real = smtpTransport(smtp.url);
    const email: EmailTransport = {
      name: 'smtp',
      async send(db, message) {
        const result = await real.send(db, message);
        clock = new Date(clock.getTime() + 1000);
        return result;
      },
    };
    const options: DispatchOptions = { transports: transportsWith(email), ...base, concurrency: 1, now: () => clock };
    const report = await dispatchOnce(t.db, options);
    expect([report.claimed, report.sent, report.released]).toEqual([5, 2, 3]);
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 2, queued: 3 });
    // The next round, still in quiet hours, sends nothing and waits for 08:00 EDT (12:00 UTC).
    expect((await dispatchOnce(t.db, options)).sent).toBe(0);
    const waiting = (await deliveriesOf(scene.campaignId)).filter((r) => r.status === 'queued');
    expect(waiting.map((r) => r.nextAttemptAt.toISOString())).toEqual(Array(3).fill('2026-07-02T12:00:00.000Z'));
    clock = new Date('2026-07-02T12:00:00Z');
    expect((await dispatchOnce(t.db, options)).sent).toBe(3);
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 5 });
  });
});

/** An SMTP server that stalls at one step of the conversation and never answers it. */
async function stallingSmtp(at: 'rcpt' | 'data'): Promise<{ url: string; accepted: () => number }> {
  let data = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (at !== 'rcpt') callback();
    },
    onData(stream) {
      // The whole message arrives; the final reply never comes.
      stream.on('data', () => {});
      stream.on('end', () => data++);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, accepted: () => data };
}

/** A TCP server that accepts and says nothing (no SMTP greeting, no HTTP answer). */
async function silentServer(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('data', () => {});
    s.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A campaign whose row went back to the queue is stopped, so later tests' rounds leave it alone. */
async function shelve(campaignId: number) {
  await t.db.update(campaigns).set({ status: CampaignStatus.STOPPED }).where(eq(campaigns.id, campaignId));
}

async function sendOne(email: EmailTransport, sms?: SmsTransport, channel: 'email' | 'sms' = 'email') {
  const scene = await createSendingScene(t.db, { count: 1, channel });
  const report = await dispatchOnce(t.db, { transports: transportsWith(email, sms), ...base });
  const [row] = await deliveriesOf(scene.campaignId);
  return { report, row };
}

describe('a transport failure with no reply code', () => {
  it('requeues at once, no attempt used, when the message never reached the server: connection refused, no greeting, no answer to RCPT', async () => {
    const refused = await sendOne(smtpTransport(`smtp://127.0.0.1:${await closedPort()}`));

    expect([refused.report.released, refused.report.retried, refused.row.status, refused.row.attempts]).toEqual([1, 0, 'queued', 0]);
    expect(refused.row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    await shelve(refused.row.campaignId);
    const mute = await sendOne(smtpTransport(`smtp://127.0.0.1:${await silentServer()}?greetingTimeout=300`));
    expect([mute.report.released, mute.row.status, mute.row.attempts]).toEqual([1, 'queued', 0]);
    await shelve(mute.row.campaignId);
    const rcpt = await stallingSmtp('rcpt');
    const stalled = await sendOne(smtpTransport(`${rcpt.url}?socketTimeout=400`));
    expect([stalled.report.released, stalled.row.status, stalled.row.attempts]).toEqual([1, 'queued', 0]);
    await shelve(stalled.row.campaignId);
    expect(rcpt.accepted()).toBe(0);
  });

  it('puts the delivery up for review, never requeued, when the server got the whole message but never answered', async () => {
    const server = await stallingSmtp('data');
    const { report, row } = await sendOne(smtpTransport(`${server.url}?socketTimeout=400`));
    expect(server.accepted()).toBe(1);
    expect([report.retried, report.needsReview, row.status]).toEqual([0, 1, 'needs_review']);
    expect(row.error).toContain('after the message was sent');
    // Nothing is left to send: the campaign completes with the row still up for review.
    await dispatchOnce(t.db, { transports: transportsWith(smtpTransport(server.url)), ...base });
    expect((await campaignRow(t.db, row.campaignId)).status).toBe(CampaignStatus.COMPLETED);
    expect((await deliveriesOf(row.campaignId))[0].status).toBe('needs_review');
  });

  it('treats a Twilio request that timed out as uncertain, and one that never connected as unsent (requeued, no attempt used)', async () => {
    let requests = 0;
    const hanging = http.createServer((req) => {
      requests++;
      req.resume();
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    });
    const config = { accountSid: 'AC123', authToken: 'secret', from: '+15550000000', timeoutMs: 300 };
    const smsTimeout = twilioTransport({ ...config, baseUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}` });
    const timedOut = await sendOne(smtpTransport(smtp.url), smsTimeout, 'sms');
    expect(requests).toBe(1);
    expect([timedOut.report.retried, timedOut.row.status]).toEqual([0, 'needs_review']);
    const smsRefused = twilioTransport({ ...config, baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const refused = await sendOne(smtpTransport(smtp.url), smsRefused, 'sms');
    expect([refused.report.released, refused.row.status, refused.row.attempts]).toEqual([1, 'queued', 0]);
    await shelve(refused.row.campaignId);
  });
});
