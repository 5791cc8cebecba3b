import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { campaigns, CampaignStatus, messageContents, templateVersions } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { conversations } from '@/db/schema/inbox';
import { templates } from '@/db/schema/templates';
import { runCampaignAction, startDueCampaign } from '@/lib/campaigns/transitions';
import { getConversation } from '@/lib/inbox/get-conversation';
import { resetSmtpTransports, smtpTransport } from '@/lib/messaging/smtp-transport';
import { outboxSmsTransport } from '@/lib/messaging/outbox-transport';
import { dispatchOnce } from '@/lib/sending/dispatcher';
import { createRateLimiter } from '@/lib/sending/rate-limiter';
import { exampleSentMessage, withoutTracking } from '@/lib/sending/sent-message';
import type { SendingTransports } from '@/lib/sending/transports';
import { clickUrl, openPixelUrl } from '@/lib/sending/tracking';
import { getTemplate } from '@/lib/templates/get-template';
import { updateTemplate } from '@/lib/templates/save-template';
import { campaignTemplateVersion } from '@/lib/templates/versions';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { startSmtpSink, type SmtpSink } from '@/tests/fixtures/smtp-sink';
import { createSendingScene, type Scene } from '@/tests/fixtures/sending';
import { startDueScheduledCampaigns } from '@/lib/campaigns/start-scheduled';

/**
 * Issue 19 point 6: what was sent is kept. A campaign sends the template version it was scheduled
 * or sent with; the thread shows the message as it was sent, whatever the template says since.
 */
const t = setupTestDatabase();
const APP = 'https://app.starloop.test';
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
  process.env.APP_URL = APP;
});
afterAll(async () => {
  delete process.env.APP_URL;
  resetSmtpTransports();
  await smtp.close();
});

async function drain() {
  for (let i = 0; i < 20; i++) {
    const report = await dispatchOnce(t.db, { startDueScheduledCampaigns, transports, baseUrl: APP, staleAfterMs: 60_000 });
    if (!report.claimed && !report.started) return;
  }
}

const EDITED = { templateName: 'Review ask', type: 0 as const, subject: 'New wording for {{firstName}}', content: '<p>Completely new text, {{fullName}}. <a href="{{optoutLink}}">Unsubscribe</a></p>' };

/** A draft e-mail campaign (sent through the campaigns service, so its template version is pinned). */
async function draftScene(name = 'Ada'): Promise<Scene> {
  return createSendingScene(t.db, { members: [{ firstName: name, lastName: 'Lovelace', email: `${name.toLowerCase()}-${Date.now()}@example.com` }], campaign: { status: CampaignStatus.DRAFT, startTime: null } });
}

async function anotherCampaign(scene: Scene, values: Partial<typeof campaigns.$inferInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(campaigns)
    .values({ merchantId: scene.merchant.merchantId, name: 'Second drive', channel: 0, status: CampaignStatus.DRAFT, locationId: scene.locationId, templateId: scene.templateId, timezone: 'America/New_York', ...values })
    .returning({ id: campaigns.id });
  return row.id;
}

async function openThread(scene: Scene) {
  const [conversation] = await t.db.insert(conversations).values({ merchantId: scene.merchant.merchantId, contactId: scene.contactIds[0], lastChannel: 'email' }).returning();
  return () => getConversation(scene.merchant.ctx, conversation.id);
}

async function deliveryOf(campaignId: number) {
  const [row] = await t.db.select().from(deliveries).where(eq(deliveries.campaignId, campaignId));
  return row;
}

describe(`kept content (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('records what a delivery sent: its content hash names the exact subject, text and HTML the SMTP server received', async () => {
    const scene = await draftScene('Grace');
    await runCampaignAction(scene.merchant.ctx, scene.campaignId, 'send');
    await drain();
    const sent = smtp.messages.find((m) => m.to.some((to) => to.startsWith('grace-')));
    expect(sent?.subject).toBe('Thanks Grace!');
    const delivery = await deliveryOf(scene.campaignId);
    expect(delivery.status).toBe('sent');
    expect(delivery.templateVersion).toBe(1);
    expect(delivery.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const [content] = await t.db.select().from(messageContents).where(eq(messageContents.hash, delivery.contentHash ?? ''));
    expect(content.merchantId).toBe(scene.merchant.merchantId);
    expect(content.subject).toBe(sent?.subject);
    expect(content.html?.trim()).toBe(sent?.html.trim());
    expect(content.text.trim()).toBe(sent?.text.trim());
    const example = await exampleSentMessage(t.db, scene.merchant.merchantId, scene.campaignId);
    expect(example?.subject).toBe('Thanks Grace!');
    // Another merchant reads nothing of it.
    const other = await createSendingScene(t.db, { count: 0, campaign: { status: CampaignStatus.DRAFT } });
    expect(await exampleSentMessage(t.db, other.merchant.merchantId, scene.campaignId)).toBe(null);
  });

  it('the thread keeps showing what was sent after the template changes; a new campaign sends the new version', async () => {
    const scene = await draftScene('Ada');
    await runCampaignAction(scene.merchant.ctx, scene.campaignId, 'send');
    await drain();
    const thread = await openThread(scene);
    const before = (await thread()).messages.filter((m) => m.kind === 'campaign');
    expect(before.map((m) => m.subject)).toEqual(['Thanks Ada!']);
    expect(before[0].text).toContain('Write a review');

    const edited = await updateTemplate(scene.merchant.ctx, scene.templateId, EDITED);
    expect(edited.version).toBe(2);
    const after = (await thread()).messages.filter((m) => m.kind === 'campaign');
    expect(after.map((m) => m.subject)).toEqual(['Thanks Ada!']);
    expect(after[0].text).toContain('Write a review');
    expect(after[0].text).not.toContain('Completely new text');

    // A promotion: a second review request this soon would be held back by the frequency cap.
    const second = await anotherCampaign(scene, { campaignType: 1 });
    await runCampaignAction(scene.merchant.ctx, second, 'send');
    await drain();
    const both = (await thread()).messages.filter((m) => m.kind === 'campaign');
    expect(both.map((m) => m.subject)).toEqual(['Thanks Ada!', 'New wording for Ada']);
    expect(both[1].text).toContain('Completely new text, Ada Lovelace.');
    expect((await deliveryOf(second)).templateVersion).toBe(2);
  });

  it('a delivery without kept content (sent before issue 19) is rendered from its campaign’s pinned version', async () => {
    const scene = await draftScene('Mary');
    await runCampaignAction(scene.merchant.ctx, scene.campaignId, 'send');
    await drain();
    await t.db.update(deliveries).set({ contentHash: null, templateVersion: null }).where(eq(deliveries.campaignId, scene.campaignId));
    await updateTemplate(scene.merchant.ctx, scene.templateId, EDITED);
    const thread = await openThread(scene);
    const messages = (await thread()).messages.filter((m) => m.kind === 'campaign');
    expect(messages.map((m) => m.subject)).toEqual(['Thanks Mary!']);
  });

  it('a scheduled campaign sends the version it was scheduled with, though the template was edited before its time came', async () => {
    const scene = await draftScene('Emmy');
    const due = new Date(Date.now() + 60 * 60 * 1000);
    await t.db.update(campaigns).set({ sendType: 1, scheduledTime: due }).where(eq(campaigns.id, scene.campaignId));
    await runCampaignAction(scene.merchant.ctx, scene.campaignId, 'schedule');
    const [pinned] = await t.db.select().from(campaigns).where(eq(campaigns.id, scene.campaignId));
    expect(pinned.templateVersion).toBe(1);

    await updateTemplate(scene.merchant.ctx, scene.templateId, EDITED);
    const shown = await campaignTemplateVersion(t.db, scene.merchant.merchantId, scene.campaignId);
    expect(shown).toMatchObject({ version: 1, subject: 'Thanks {{firstName}}!', changedSince: true });
    expect(await campaignTemplateVersion(t.db, scene.merchant.merchantId + 1000, scene.campaignId)).toBe(null);

    // Its time comes (moved to the past, so that the queued row is due for the real clock).
    await t.db.update(campaigns).set({ scheduledTime: new Date(Date.now() - 1000) }).where(eq(campaigns.id, scene.campaignId));
    expect(await startDueCampaign(t.db, scene.campaignId, new Date())).toBe(true);
    await drain();
    const sent = smtp.messages.find((m) => m.to.some((to) => to.startsWith('emmy-')));
    expect(sent?.subject).toBe('Thanks Emmy!');
    expect(sent?.text).not.toContain('Completely new text');
    expect((await deliveryOf(scene.campaignId)).templateVersion).toBe(1);
  });

  it('pins one copy per version, shared by the campaigns that send it; back to draft forgets the pin', async () => {
    const scene = await draftScene('Alan');
    const due = new Date(Date.now() + 60 * 60 * 1000);
    const a = await anotherCampaign(scene, { sendType: 1, scheduledTime: due });
    const b = await anotherCampaign(scene, { sendType: 1, scheduledTime: due });
    await runCampaignAction(scene.merchant.ctx, a, 'schedule');
    await runCampaignAction(scene.merchant.ctx, b, 'schedule');
    const copies = await t.db.select().from(templateVersions).where(eq(templateVersions.templateId, scene.templateId));
    expect(copies.map((c) => c.version)).toEqual([1]);
    expect(copies[0]).toMatchObject({ merchantId: scene.merchant.merchantId, subject: 'Thanks {{firstName}}!', includeUnsubscribe: 0 });

    await runCampaignAction(scene.merchant.ctx, a, 'revert');
    const [reverted] = await t.db.select().from(campaigns).where(eq(campaigns.id, a));
    expect(reverted.templateVersion).toBe(null);
    await updateTemplate(scene.merchant.ctx, scene.templateId, EDITED);
    await runCampaignAction(scene.merchant.ctx, a, 'schedule');
    const rows = await t.db.select({ id: campaigns.id, v: campaigns.templateVersion }).from(campaigns).where(and(eq(campaigns.templateId, scene.templateId), sql`${campaigns.id} in (${a}, ${b})`));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.v]))).toEqual({ [a]: 2, [b]: 1 });
    expect((await t.db.select().from(templateVersions).where(eq(templateVersions.templateId, scene.templateId))).map((c) => c.version).sort()).toEqual([1, 2]);
  });

  it('counts the campaigns being scheduled or sent that use a template (the editor’s notice)', async () => {
    const scene = await draftScene('Edsger');
    expect((await getTemplate(scene.merchant.ctx, scene.templateId)).activeUse).toBe(0);
    const due = new Date(Date.now() + 60 * 60 * 1000);
    const a = await anotherCampaign(scene, { sendType: 1, scheduledTime: due });
    await runCampaignAction(scene.merchant.ctx, a, 'schedule');
    await runCampaignAction(scene.merchant.ctx, scene.campaignId, 'send');
    await runCampaignAction(scene.merchant.ctx, scene.campaignId, 'pause');
    await anotherCampaign(scene, { status: CampaignStatus.COMPLETED });
    const dto = await getTemplate(scene.merchant.ctx, scene.templateId);
    expect(dto.activeUse).toBe(2);
    expect((await updateTemplate(scene.merchant.ctx, scene.templateId, EDITED)).activeUse).toBe(2);
    const [row] = await t.db.select({ version: templates.version }).from(templates).where(eq(templates.id, scene.templateId));
    expect(row.version).toBe(2);
  });

  it('shows the sent HTML without its open pixel and with click redirects back to their targets', () => {
    const target = 'https://g.page/r/test-store/review?a=1&b=2';
    const html = `<p><a href="${clickUrl(APP, 42, target).replace(/&/g, '&amp;')}">Write a review</a></p><img src="${openPixelUrl(APP, 42)}" width="1" height="1" alt="" />`;
    expect(withoutTracking(html)).toBe('<p><a href="https://g.page/r/test-store/review?a=1&amp;b=2">Write a review</a></p>');
  });
});
