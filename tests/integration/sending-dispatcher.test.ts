import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CampaignStatus, campaigns } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { contacts } from '@/db/schema/contacts';
import { merchants } from '@/db/schema/merchants';
import { merchantSendingSettings } from '@/db/schema/sending';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { smtpTransport, resetSmtpTransports } from '@/lib/messaging/smtp-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { verifyClick } from '@/lib/sending/tracking';
import type { SendingTransports } from '@/lib/sending/transports';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { campaignRow, createSendingScene, deliveryStatuses } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

const t = setupTestDatabase();
let smtp: SmtpSink;
let transports: SendingTransports;

beforeAll(async () => {
  smtp = await startSmtpSink();
  transports = {
    email: smtpTransport(smtp.url),
    sms: outboxSmsTransport,
    emailLimiter: createRateLimiter(0),
    smsLimiter: createRateLimiter(0),
    from: (name) => `"${name}" <campaigns@starloop.test>`,
  };
});
afterAll(async () => {
  resetSmtpTransports();
  await smtp.close();
});

const base = { startDueScheduledCampaigns, baseUrl: 'https://app.starloop.test', staleAfterMs: 60_000 };

async function drain(now?: () => Date) {
  for (let i = 0; i < 20; i++) {
    const report = await dispatchOnce(t.db, { transports, ...base, now });
    if (!report.claimed && !report.started) return;
  }
}

describe('the dispatcher', () => {
  it('sends every member once, renders their values, and completes the campaign with exact counts', async () => {
    const scene = await createSendingScene(t.db, { members: [{ firstName: 'Ada', lastName: 'Lovelace' }, { firstName: '小明', lastName: '王', locale: 'zh-CN' }, { firstName: 'Grace', lastName: 'Hopper' }] });
    const before = smtp.messages.length;
    await drain();
    const mails = smtp.messages.slice(before);
    expect(mails).toHaveLength(3);
    const ada = mails.find((m) => m.subject === 'Thanks Ada!');
    expect(ada?.html).toContain('Hi Ada Lovelace,');
    expect(mails.filter((m) => m.html.includes('Hi 王小明,'))).toHaveLength(1);
    // Links tracked (and signed), the opt-out link direct, one-click unsubscribe header present.
    const click = /href="https:\/\/app\.starloop\.test\/api\/t\/c\/(\d+)\?u=([^&"]+)&(?:amp;)?s=([^"]+)"/.exec(ada?.html ?? '');
    expect(click && verifyClick(Number(click[1]), click[2], click[3])).toBe('https://g.page/r/test-store/review');
    expect(ada?.html).toMatch(/href="https:\/\/app\.starloop\.test\/u\/[^"]+action=optout/);
    expect(ada?.headers['list-unsubscribe']).toMatch(/^<https:\/\/app\.starloop\.test\/api\/member\/public\/.+\/consent>$/);
    expect(ada?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The plain-text part carries the real links: tracking lives in the HTML part only.
    expect(ada?.text).toContain('Write a review (https://g.page/r/test-store/review)');
    const row = await campaignRow(t.db, scene.campaignId);
    expect(row.status).toBe(CampaignStatus.COMPLETED);
    expect([row.successRecords, row.totalRecords]).toEqual([3, 3]);
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 3 });
  });

  it('uses the verified service e-mail as Reply-To, and only once verified', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    await t.db.update(merchants).set({ serviceEmail: 'owner@cafe.example', emailVerificationStatus: 'Pending' }).where(eq(merchants.id, scene.merchant.merchantId));
    const before = smtp.messages.length;
    await drain();
    expect(smtp.messages[before].headers['reply-to']).toBeUndefined();
    const second = await createSendingScene(t.db, { count: 1, merchant: scene.merchant });
    await t.db.update(merchants).set({ emailVerificationStatus: 'Success' }).where(eq(merchants.id, scene.merchant.merchantId));
    await drain();
    expect(smtp.messages[before + 1].headers['reply-to']).toContain('owner@cafe.example');
    expect((await campaignRow(t.db, second.campaignId)).successRecords).toBe(1);
  });

  it('re-checks consent at send time: opted out, bounced and addressless members are skipped and counted', async () => {
    const scene = await createSendingScene(t.db, { count: 4 });
    const [a, b, c] = scene.contactIds;
    await t.db.update(contacts).set({ emailOptIn: false }).where(eq(contacts.id, a));
    await t.db.update(contacts).set({ emailStatus: 'bounced' }).where(eq(contacts.id, b));
    await t.db.update(contacts).set({ email: null }).where(eq(contacts.id, c));
    await drain();
    const rows = await t.db.select({ contactId: deliveries.contactId, status: deliveries.status, error: deliveries.error }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    const byContact = Object.fromEntries(rows.map((r) => [r.contactId, `${r.status}:${r.error ?? ''}`]));
    expect(byContact[a]).toBe('skipped:opted_out');
    expect(byContact[b]).toBe('skipped:bounced');
    expect(byContact[c]).toBe('skipped:no_address');
    const row = await campaignRow(t.db, scene.campaignId);
    expect([row.successRecords, row.totalRecords, row.status]).toEqual([1, 4, CampaignStatus.COMPLETED]);
  });

  it('follows the template scene for SMS without an opt-in', async () => {
    const subsequent = await createSendingScene(t.db, { channel: 'sms', members: [{ smsOptIn: null }, { smsOptIn: true }, { smsOptIn: false }] });
    await drain();
    expect(await deliveryStatuses(t.db, subsequent.campaignId)).toEqual({ sent: 1, skipped: 2 });
    const first = await createSendingScene(t.db, { channel: 'sms', members: [{ smsOptIn: null }, { smsOptIn: false }], template: { scene: 'first_optin', includeUnsubscribe: true } });
    await drain();
    expect(await deliveryStatuses(t.db, first.campaignId)).toEqual({ sent: 1, skipped: 1 });
    const [{ body }] = await t.db.execute<{ body: string }>(sql`select body from outbox where merchant_id = ${first.merchant.merchantId} order by id desc limit 1`);
    expect(body).toMatch(/review us: https:\/\/g\.page\/r\/test-store\/review Reply STOP to opt out$/);
  });

  it('fails an SMS rendered past 1,600 characters for good, without sending it (found from outside: 15,373 went to Twilio)', async () => {
    const long = 'Hi {{fullName}} '.repeat(40);
    const scene = await createSendingScene(t.db, {
      channel: 'sms',
      members: [{ smsOptIn: true, firstName: 'A'.repeat(100), lastName: 'B'.repeat(100) }, { smsOptIn: true, firstName: 'Al', lastName: 'Li' }],
      template: { content: long, contentText: long },
    });
    await drain();
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1, failed: 1 });
    const [failed] = await t.db.select().from(deliveries).where(sql`${deliveries.campaignId} = ${scene.campaignId} and ${deliveries.status} = 'failed'`);
    expect(failed.error).toMatch(/^sms too long: \d+ characters, at most 1600$/);
    expect(failed.attempts).toBe(1);
    const bodies = await t.db.execute<{ body: string }>(sql`select body from outbox where merchant_id = ${scene.merchant.merchantId}`);
    expect(bodies.map((b) => b.body.length)).toEqual([long.replaceAll('{{fullName}}', 'Al Li').trim().length]);
  });

  it('caps review requests per contact and channel (30 days by default, a merchant setting)', async () => {
    const first = await createSendingScene(t.db, { count: 2 });
    await drain();
    // A second review request to the same members within 30 days is skipped.
    const [c1, c2] = first.contactIds;
    const second = await createSendingScene(t.db, { merchant: first.merchant, members: [] });
    await t.db.execute(sql`insert into snapshot_members (merchant_id, snapshot_id, contact_id) select merchant_id, snapshot_id, unnest(array[${c1}::int, ${c2}::int]) from campaigns where id = ${second.campaignId}`);
    await t.db.execute(sql`update deliveries set sent_at = now() - interval '40 days' where contact_id = ${c2} and campaign_id = ${first.campaignId}`);
    const { queueDeliveries } = await import('@/tests/fixtures/queue-deliveries');
    await queueDeliveries(t.db, second.campaignId, new Date());
    await drain();
    const rows = await t.db.select({ contactId: deliveries.contactId, status: deliveries.status, error: deliveries.error }).from(deliveries).where(eq(deliveries.campaignId, second.campaignId));
    expect(Object.fromEntries(rows.map((r) => [r.contactId, `${r.status}:${r.error ?? ''}`]))).toEqual({ [c1]: 'skipped:frequency_cap', [c2]: 'sent:' });
    // With the cap off, the same member is asked again.
    await t.db.insert(merchantSendingSettings).values({ merchantId: first.merchant.merchantId, frequencyCapDays: 0 });
    const third = await createSendingScene(t.db, { merchant: first.merchant, members: [] });
    await t.db.execute(sql`insert into snapshot_members (merchant_id, snapshot_id, contact_id) select merchant_id, snapshot_id, ${c1}::int from campaigns where id = ${third.campaignId}`);
    await queueDeliveries(t.db, third.campaignId, new Date());
    await drain();
    expect(await deliveryStatuses(t.db, third.campaignId)).toEqual({ sent: 1 });
  });

  it('stops claiming at once when paused, and continues where it stopped on resume', async () => {
    const scene = await createSendingScene(t.db, { count: 5 });
    await dispatchOnce(t.db, { transports, ...base, batchSize: 2 });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 2, queued: 3 });
    await t.db.update(campaigns).set({ status: CampaignStatus.PAUSED }).where(eq(campaigns.id, scene.campaignId));
    const paused = await dispatchOnce(t.db, { transports, ...base });
    expect(paused.claimed).toBe(0);
    await t.db.update(campaigns).set({ status: CampaignStatus.SENDING }).where(eq(campaigns.id, scene.campaignId));
    await drain();
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 5 });
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(5);
  });

  it('retries a temporary SMTP failure with back-off and records a permanent one with its reason', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    smtp.failNext(1, 451);
    const now = new Date();
    const first = await dispatchOnce(t.db, { transports, ...base, now: () => now });
    expect(first.retried).toBe(1);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(row.status).toBe('queued');
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
    // Not due yet: nothing claimed.
    expect((await dispatchOnce(t.db, { transports, ...base, now: () => new Date(now.getTime() + 30_000) })).claimed).toBe(0);
    await dispatchOnce(t.db, { transports, ...base, now: () => new Date(now.getTime() + 61_000) });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1 });

    const permanent = await createSendingScene(t.db, { count: 1 });
    smtp.failNext(1, 550);
    await drain();
    const [failed] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, permanent.campaignId));
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('550');
    expect((await campaignRow(t.db, permanent.campaignId)).status).toBe(CampaignStatus.COMPLETED);
  });

  it('marks an address the receiving server refuses as unknown bounced, so the next campaign skips it; a policy refusal does not (found from outside)', async () => {
    const scene = await createSendingScene(t.db, { members: [{ email: `unknown-user-${Date.now()}@example.com` }, { email: `policy-block-${Date.now()}@example.com` }, {}] });
    await drain();
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 1, failed: 2 });
    const statuses = await t.db.select({ id: contacts.id, emailStatus: contacts.emailStatus }).from(contacts).where(sql`${contacts.id} in (${sql.join(scene.contactIds.map((id) => sql`${id}`), sql`, `)})`).orderBy(contacts.id);
    expect(statuses.map((c) => c.emailStatus)).toEqual(['bounced', 'ok', 'ok']);
    const next = await createSendingScene(t.db, { merchant: scene.merchant, members: [] });
    await t.db.execute(sql`insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, status) select merchant_id, ${next.campaignId}, id, 0, email, 'queued' from contacts where id in (${sql.join(scene.contactIds.map((id) => sql`${id}`), sql`, `)})`);
    await t.db.update(campaigns).set({ status: CampaignStatus.SENDING, totalRecords: 3 }).where(eq(campaigns.id, next.campaignId));
    await drain();
    const skipped = await t.db.select({ contactId: deliveries.contactId, error: deliveries.error }).from(deliveries).where(sql`${deliveries.campaignId} = ${next.campaignId} and ${deliveries.status} = 'skipped'`);
    expect(skipped.filter((d) => d.error === 'bounced').map((d) => d.contactId)).toEqual([scene.contactIds[0]]);
  });

  it('puts a delivery a dead dispatcher handed to the transport up for review, and requeues one it never attempted', async () => {
    const scene = await createSendingScene(t.db, { count: 3 });
    const [attempted, untouched] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, scene.campaignId)).orderBy(deliveries.id).limit(2);
    const claimedAt = new Date(Date.now() - 5 * 60_000);
    await t.db.update(deliveries).set({ status: 'sending', attemptedAt: claimedAt, updatedAt: claimedAt }).where(eq(deliveries.id, attempted.id));
    await t.db.update(deliveries).set({ status: 'sending', updatedAt: claimedAt }).where(eq(deliveries.id, untouched.id));
    const before = smtp.messages.length;
    await drain();
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 2, needs_review: 1 });
    const [reviewed] = await t.db.select().from(deliveries).where(eq(deliveries.id, attempted.id));
    expect(reviewed.status).toBe('needs_review');
    expect(smtp.messages.length - before).toBe(2);
  });

  it('never sends a row whose stale claim was taken back from a slow dispatcher', async () => {
    const scene = await createSendingScene(t.db, { count: 1 });
    const { claimDueDeliveries, recoverStaleClaims } = await import('@/lib/sending/claim');
    const { markAttempt } = await import('@/lib/sending/attempts-and-sent');
    const { storedContent } = await import('@/lib/sending/sent-content');
    const claimed = (await claimDueDeliveries(t.db, new Date(), 500)).find((c) => c.campaignId === scene.campaignId);
    expect(claimed?.claimToken).toMatch(/^[0-9a-f-]{36}$/);
    // The slow dispatcher has not reached its transport; the row is taken back as stale.
    await recoverStaleClaims(t.db, new Date(Date.now() + 60_000), 1_000);
    const content = storedContent(scene.merchant.merchantId, { subject: 's', text: 't', html: null });
    expect(await markAttempt(t.db, { deliveryId: claimed?.id ?? 0, claimToken: claimed?.claimToken ?? '', content, templateVersion: null }, new Date())).toBe(false);
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ queued: 1 });
  });

  it('never lets two dispatchers take the same row', async () => {
    await drain();
    const scene = await createSendingScene(t.db, { count: 40 });
    const before = smtp.messages.length;
    await Promise.all([drain(), drain(), drain()]);
    const mine = smtp.messages.slice(before);
    expect(mine).toHaveLength(40);
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(40);
    expect((await campaignRow(t.db, scene.campaignId)).successRecords).toBe(40);
  });
});

describe('time rules on a fixed clock', () => {
  const early = new Date('2026-01-01T00:00:00Z');

  it('sends nothing outside the delivery window and resumes at its opening, in the campaign zone', async () => {
    // 20:00 in New York on 2026-07-01 (EDT, UTC-4) = 00:00 UTC on 07-02.
    const evening = new Date('2026-07-02T00:00:00Z');
    const scene = await createSendingScene(t.db, { count: 2, campaign: { isBatchSend: 1, deliveryWindow: '09:00-17:00' }, queuedAt: early });
    const report = await dispatchOnce(t.db, { transports, ...base, now: () => evening });
    expect(report.claimed).toBe(0);
    const rows = await t.db.select({ next: deliveries.nextAttemptAt }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(rows.map((r) => r.next.toISOString())).toEqual(['2026-07-02T13:00:00.000Z', '2026-07-02T13:00:00.000Z']);
  });

  it('keeps quiet hours, and follows the zone across the spring DST change', async () => {
    // 2026-03-08 is the spring-forward day in New York: 12:30 EDT = 16:30 UTC.
    const lunch = new Date('2026-03-08T16:30:00Z');
    const scene = await createSendingScene(t.db, { count: 1, campaign: { avoidHours: '12:00-13:00,22:00-08:00' }, queuedAt: early });
    expect((await dispatchOnce(t.db, { transports, ...base, now: () => lunch })).claimed).toBe(0);
    const [row] = await t.db.select({ next: deliveries.nextAttemptAt }).from(deliveries).where(eq(deliveries.campaignId, scene.campaignId));
    expect(row.next.toISOString()).toBe('2026-03-08T17:00:00.000Z');
    // The night before the change: 23:00 EST (04:00 UTC) waits until 08:00 EDT (12:00 UTC).
    const night = await createSendingScene(t.db, { count: 1, campaign: { avoidHours: '22:00-08:00' }, queuedAt: early });
    expect((await dispatchOnce(t.db, { transports, ...base, now: () => new Date('2026-03-08T04:00:00Z') })).claimed).toBe(0);
    const [late] = await t.db.select({ next: deliveries.nextAttemptAt }).from(deliveries).where(eq(deliveries.campaignId, night.campaignId));
    expect(late.next.toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('spreads a batch campaign over a whole window, continuing the next day when it started late', async () => {
    // 16:00 EDT, one hour of a 09:00-17:00 window left; 5-minute ticks: an 8-hour window has 96
    // ticks, so 192 rows go 2 a tick, not all 192 crammed into the last hour's 12 ticks.
    const at = new Date('2026-07-01T20:00:00Z');
    const scene = await createSendingScene(t.db, { count: 192, campaign: { isBatchSend: 1, deliveryWindow: '09:00-17:00' }, queuedAt: early });
    await dispatchOnce(t.db, { transports, ...base, now: () => at, tickMs: 5 * 60_000 });
    expect(await deliveryStatuses(t.db, scene.campaignId)).toEqual({ sent: 2, queued: 190 });
  });

  it('starts a scheduled campaign when its time comes, not before', async () => {
    const when = new Date('2026-07-01T13:00:00Z');
    const scene = await createSendingScene(t.db, { count: 2, campaign: { status: CampaignStatus.SCHEDULED, sendType: 1, scheduledTime: when } });
    expect((await dispatchOnce(t.db, { transports, ...base, now: () => new Date(when.getTime() - 1000) })).started).toBe(0);
    const report = await dispatchOnce(t.db, { transports, ...base, now: () => when });
    expect([report.started, report.sent]).toEqual([1, 2]);
    const row = await campaignRow(t.db, scene.campaignId);
    expect([row.status, row.successRecords, row.totalRecords]).toEqual([CampaignStatus.COMPLETED, 2, 2]);
  });
});
