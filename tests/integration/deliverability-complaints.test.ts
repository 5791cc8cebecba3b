import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CampaignStatus, campaigns } from '@/db/schema/campaigns';
import { complaintRateConfirmations } from '@/db/schema/deliverability';
import { users } from '@/db/schema/users';
import { ts } from '@/db/timestamp';
import { signAccessToken } from '@/lib/auth/tokens';
import { runCampaignAction } from '@/lib/campaigns/transitions';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';
import { sendingRates } from '@/lib/deliverability/sending-rates';
import { applyDeliveryReport } from '@/lib/inbox/delivery-reports';
import * as sendRoute from '@/app/api/campaign/[id]/send/route';
import { callApi } from '@/tests/fixtures/api';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { createSendingScene } from '@/tests/fixtures/sending';

const t = setupTestDatabase();

/** A finished campaign whose `count` e-mails were sent now, each with a Message-ID a report can return. */
async function sentCampaign(merchant: Awaited<ReturnType<typeof createMerchant>>, count: number) {
  const scene = await createSendingScene(t.db, { merchant, count, campaign: { status: CampaignStatus.PAUSED } });
  const tag = crypto.randomBytes(4).toString('hex');
  await t.db.execute(sql`update deliveries set status = 'sent', sent_at = ${ts(new Date())}, provider_message_id = '<' || id || '-${sql.raw(tag)}@starloop.test>' where campaign_id = ${scene.campaignId}`);
  const ids = await t.db.execute<{ provider_message_id: string; to_address: string }>(sql`select provider_message_id, to_address from deliveries where campaign_id = ${scene.campaignId} order by id`);
  return { scene, messageIds: ids.map((r) => r.provider_message_id), addresses: ids.map((r) => r.to_address) };
}

/** A recipient marks one of those e-mails as spam: the feedback report comes back through the inbox. */
async function complain(messageId: string) {
  await applyDeliveryReport(t.db, { kind: 'complaint', addresses: [], originalIds: [messageId] }, new Date());
}

/** A new draft e-mail campaign of the same merchant, to a few fresh members. */
async function draftCampaign(merchant: Awaited<ReturnType<typeof createMerchant>>, overrides: Partial<typeof campaigns.$inferInsert> = {}) {
  const scene = await createSendingScene(t.db, { merchant, count: 2, campaign: { status: CampaignStatus.DRAFT, startTime: null, snapshotId: null, ...overrides } });
  return scene.campaignId;
}

async function staffOf(merchantId: number) {
  const [user] = await t.db
    .insert(users)
    .values({ merchantId, email: `staff-${crypto.randomBytes(3).toString('hex')}@example.com`, name: 'Staff', passwordHash: 'x', role: 'staff', permissions: [] })
    .returning({ id: users.id });
  return { ctx: { db: t.db, merchantId, userId: user.id, locale: 'en-US' as const, permissions: [], now: () => new Date() }, token: (await signAccessToken(user.id, merchantId, new Date())).token };
}

const statusOf = async (id: number) => (await t.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0].status;

describe('complaint rate over 0.3 %: new campaigns wait for the owner', () => {
  it('counts sent, complaints and bounces over 7 and 30 days, and draws the line at 3 per 1,000', async () => {
    const owner = await createMerchant(t.db);
    const { messageIds, addresses } = await sentCampaign(owner, 334);
    await complain(messageIds[0]);
    // 1 of 334 is 0.299 %: under the line.
    let rates = await sendingRates(t.db, owner.merchantId, new Date());
    expect(rates.week).toMatchObject({ sent: 334, complaints: 1, overComplaintLine: false, complaintBasisPoints: 30 });
    expect(rates.month).toMatchObject({ sent: 334, complaints: 1 });
    await applyDeliveryReport(t.db, { kind: 'bounce', addresses: [addresses[5].toLowerCase()], originalIds: [messageIds[5]] }, new Date());
    await complain(messageIds[1]);
    rates = await sendingRates(t.db, owner.merchantId, new Date());
    expect(rates.week).toMatchObject({ complaints: 2, bounces: 1, overComplaintLine: true, complaintBasisPoints: 60, bounceBasisPoints: 30 });
    // Another merchant's complaints are not this one's.
    const other = await createMerchant(t.db);
    expect((await sendingRates(t.db, other.merchantId, new Date())).week).toMatchObject({ sent: 0, complaints: 0, overComplaintLine: false });
  });

  it('under the line a campaign sends; over it staff are refused, the owner is asked, and a confirmed send goes', async () => {
    const owner = await createMerchant(t.db);
    const { messageIds } = await sentCampaign(owner, 334);
    await complain(messageIds[0]);
    const first = await draftCampaign(owner);
    await runCampaignAction(owner.ctx, first, 'send');
    expect(await statusOf(first)).toBe(CampaignStatus.SENDING);

    await complain(messageIds[1]);
    const second = await draftCampaign(owner);
    const staff = await staffOf(owner.merchantId);
    const staffAnswer = await callApi(sendRoute.POST, { method: 'POST', path: `/campaign/${second}/send?confirm=complaintRate`, token: staff.token, params: { id: String(second) } });
    expect(staffAnswer.status).toBe(409);
    expect(staffAnswer.body.msg).toMatch(/only the owner can confirm/);
    expect(staffAnswer.body.data).toMatchObject({ confirm: 'complaintRate', owner: true });

    const asked = await callApi(sendRoute.POST, { method: 'POST', path: `/campaign/${second}/send`, token: owner.token, params: { id: String(second) } });
    expect(asked.status).toBe(409);
    expect(asked.body.msg).toMatch(/0\.60%.*wait for the owner/);
    expect(asked.body.data).toMatchObject({ confirm: 'complaintRate' });
    expect(await statusOf(second)).toBe(CampaignStatus.DRAFT);

    const confirmed = await callApi(sendRoute.POST, { method: 'POST', path: `/campaign/${second}/send?confirm=complaintRate`, token: owner.token, params: { id: String(second) } });
    expect(confirmed.status).toBe(200);
    expect(await statusOf(second)).toBe(CampaignStatus.SENDING);
    const [confirmation] = await t.db.select().from(complaintRateConfirmations).where(and(eq(complaintRateConfirmations.merchantId, owner.merchantId), eq(complaintRateConfirmations.campaignId, second)));
    expect(confirmation).toMatchObject({ userId: owner.userId, rateBasisPoints: 60 });
  });

  it('a scheduled campaign coming due over the line pauses; the owner resumes it with a confirmation and it starts', async () => {
    const owner = await createMerchant(t.db);
    const { messageIds } = await sentCampaign(owner, 100);
    await complain(messageIds[0]);
    const scheduled = await draftCampaign(owner, { status: CampaignStatus.SCHEDULED, scheduledTime: new Date(Date.now() - 1000) });
    await startDueScheduledCampaigns(t.db, new Date());
    expect(await statusOf(scheduled)).toBe(CampaignStatus.PAUSED);

    await expect(runCampaignAction(owner.ctx, scheduled, 'resume')).rejects.toMatchObject({ messageKey: 'deliverability.errors.complaintRateConfirm' });
    await runCampaignAction(owner.ctx, scheduled, 'resume', { confirmComplaintRate: true });
    expect(await statusOf(scheduled)).toBe(CampaignStatus.SCHEDULED);
    await startDueScheduledCampaigns(t.db, new Date());
    expect(await statusOf(scheduled)).toBe(CampaignStatus.SENDING);
  });

  it('an SMS campaign is not held by e-mail complaints', async () => {
    const owner = await createMerchant(t.db);
    const { messageIds } = await sentCampaign(owner, 50);
    await complain(messageIds[0]);
    const sms = (await createSendingScene(t.db, { merchant: owner, channel: 'sms', count: 2, campaign: { status: CampaignStatus.DRAFT, startTime: null, snapshotId: null } })).campaignId;
    await runCampaignAction(owner.ctx, sms, 'send');
    expect(await statusOf(sms)).toBe(CampaignStatus.SENDING);
  });
});
