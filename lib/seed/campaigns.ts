import { seedDemoReviews } from './review-demo';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { campaigns } from '@/db/schema/campaigns';
import { templates } from '@/db/schema/templates';
import { appUrl } from '@/lib/app-url';
import { renderEmailContent, renderSms, tokenValues, type RenderContext } from '@/lib/sending/render-message';
import { contentHash } from '@/lib/sending/sent-content';
import { htmlToText } from '@/lib/templates/html-text';
import { pinTemplateVersion } from '@/lib/templates/versions';
import type { DemoMerchant } from './merchant';

const DAY = 86_400_000;

/**
 * Review requests of the demo café in every state: a draft, one scheduled for next week, one
 * paused part-way with part of its messages out, a paused one, a completed one with opens and
 * clicks, and a stopped one (none left sending: the seed leaves no due work). Guarded by its own check (the demo merchant has no campaigns yet); runs
 * after contacts and templates. Delivery rows by INSERT ... SELECT. Every campaign past draft
 * pins its template version, and the sent messages keep their content (issue 19), as real ones do.
 */
export async function seedDemoCampaigns(db: Db, demo: DemoMerchant): Promise<void> {
  const [existing] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.merchantId, demo.merchantId)).limit(1);
  if (existing || !demo.locationIds.length) return;
  const pickTemplate = async (type: number) => {
    const [own] = await db.select({ id: templates.id }).from(templates).where(and(eq(templates.merchantId, demo.merchantId), eq(templates.type, type))).limit(1);
    if (own) return own.id;
    const [common] = await db.select({ id: templates.id }).from(templates).where(and(inArray(templates.merchantId, [0]), eq(templates.type, type), eq(templates.locale, 'zh-CN'))).limit(1);
    return common?.id ?? null;
  };
  const emailTemplate = await pickTemplate(0);
  const smsTemplate = await pickTemplate(1);
  const [jingan, central = jingan] = demo.locationIds;
  const now = Date.now();
  const at = (days: number, hour = 10) => {
    const d = new Date(now + days * DAY);
    d.setUTCHours(hour - 8, 0, 0, 0); // hour in Asia/Shanghai
    return d;
  };
  const base = { merchantId: demo.merchantId, campaignType: 0, timezone: 'Asia/Shanghai', createdBy: demo.userId };
  const defaults = { optInOnly: true, tags: [], optInTimeRange: null, lastRequestRange: null, openedEmail: false, clickedLink: false, silentDays: null };

  await db.transaction(async (tx) => {
    const insert = async (values: Partial<typeof campaigns.$inferInsert> & { name: string; channel: number }) =>
      (await tx.insert(campaigns).values({ ...base, filterConditions: defaults, ...values }).returning({ id: campaigns.id }))[0].id;

    const pinned = async (values: Parameters<typeof insert>[0]) => {
      const id = await insert(values);
      await pinTemplateVersion(tx, { id, merchantId: demo.merchantId, templateId: values.templateId ?? null, templateVersion: null });
      return id;
    };
    await insert({ name: '周末早午餐评价邀请', channel: 1, status: 0, sendType: 0, locationId: jingan, templateId: smsTemplate, filterConditions: { ...defaults, tags: ['常客'] }, createdAt: at(-1), updatedAt: at(-1) });
    await pinned({ name: 'Autumn menu: how did we do?', channel: 0, status: 1, sendType: 1, scheduledTime: at(7, 10), locationId: central, templateId: emailTemplate, isBatchSend: 1, deliveryWindow: '09:00-21:00', avoidHours: '12:00-13:30', createdAt: at(-2), updatedAt: at(-2) });
    // Paused part-way, not sending: a worker started on the demo database must find no due
    // message (it sent the rest to the demo contacts); resuming it is the merchant's choice.
    const sending = await pinned({ name: '国庆回访评价邀请', channel: 0, status: 3, sendType: 0, locationId: jingan, templateId: emailTemplate, startTime: at(0, 9), filterConditions: { ...defaults, silentDays: 30 }, createdAt: at(-3), updatedAt: at(0, 9) });
    await pinned({ name: 'Central 店周年短信邀请', channel: 1, status: 3, sendType: 1, scheduledTime: at(3, 11), locationId: central, templateId: smsTemplate, createdAt: at(-4), updatedAt: at(-1) });
    const completed = await pinned({ name: 'Summer iced coffee: tell us what you think', channel: 0, status: 5, sendType: 1, scheduledTime: at(-40, 10), startTime: at(-40, 10), locationId: jingan, templateId: emailTemplate, createdAt: at(-45), updatedAt: at(-39) });
    const stopped = await pinned({ name: '会员日短信邀请', channel: 1, status: 4, sendType: 0, startTime: at(-20, 15), locationId: central, templateId: smsTemplate, createdAt: at(-21), updatedAt: at(-20) });

    // Deliveries: the members each campaign would have reached, in several outcomes.
    const queue = async (campaignId: number, channel: number, locationId: number, limit: number, status: (n: string) => ReturnType<typeof sql>, sentAt: Date) => {
      const address = channel === 0 ? sql`c.email` : sql`c.phone`;
      const optIn = channel === 0 ? sql`c.email_opt_in is true` : sql`c.sms_opt_in is true`;
      await tx.execute(sql`
        insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address, status, attempts, queued_at, next_attempt_at, sent_at, opened_at, clicked_at, updated_at)
        select ${demo.merchantId}, ${campaignId}, c.id, ${channel}, ${address}, ${status('n')},
          case when ${status('n')} = 'queued' then 0 else 1 end,
          ${sentAt.toISOString()}::timestamptz, ${sentAt.toISOString()}::timestamptz,
          case when ${status('n')} = 'sent' then ${sentAt.toISOString()}::timestamptz + (n * interval '7 seconds') end,
          case when ${channel} = 0 and ${status('n')} = 'sent' and n % 2 = 0 then ${sentAt.toISOString()}::timestamptz + (n * interval '37 minutes') end,
          case when ${channel} = 0 and ${status('n')} = 'sent' and n % 4 = 0 then ${sentAt.toISOString()}::timestamptz + (n * interval '41 minutes') end,
          ${sentAt.toISOString()}::timestamptz
        from (select c.*, row_number() over (order by c.id) as n from contacts c where c.merchant_id = ${demo.merchantId} and c.location_id = ${locationId} and ${address} is not null and ${optIn}) c
        where n <= ${limit}
        on conflict (campaign_id, contact_id) do nothing`);
      const [counts] = await tx.execute<{ total: number; sent: number }>(sql`select count(*)::int as total, (count(*) filter (where status = 'sent'))::int as sent from deliveries where campaign_id = ${campaignId}`);
      await tx.update(campaigns).set({ totalRecords: counts.total, successRecords: counts.sent }).where(eq(campaigns.id, campaignId));
      await keepSentContent(tx, demo.merchantId, campaignId);
    };
    await queue(sending, 0, jingan, 30, () => sql`case when n <= 12 then 'sent' else 'queued' end`, at(0, 9));
    await queue(completed, 0, jingan, 24, () => sql`case when n = 5 then 'failed' else 'sent' end`, at(-40, 10));
    await seedDemoReviews(tx, demo.merchantId, completed);
    await queue(stopped, 1, central, 20, () => sql`case when n <= 8 then 'sent' else 'cancelled' end`, at(-20, 15));
    // The demo templates were "saved" days ago, the campaigns made weeks ago: the pinned versions
    // date from their first campaign, so no detail says a campaign sends a version newer than itself.
    await tx.execute(sql`
      update template_versions v set created_at = x.first from (
        select template_id, template_version, min(created_at) as first from campaigns
        where merchant_id = ${demo.merchantId} and template_version is not null group by template_id, template_version
      ) x where v.template_id = x.template_id and v.version = x.template_version and v.created_at > x.first and v.merchant_id = ${demo.merchantId}`);
  });
}

/**
 * The sent deliveries' content, as the dispatcher keeps it (message_contents by hash, the pinned
 * version on the delivery), rendered from the campaign's pinned version. Demo mail carries no
 * tracking: nobody opens it.
 */
async function keepSentContent(tx: Db, merchantId: number, campaignId: number): Promise<void> {
  const rows = await tx.execute<{ id: number; channel: number; version: number; subject: string | null; content: string; content_text: string; include_unsubscribe: number; template_locale: string | null; review_link: string | null; first_name: string; last_name: string; opt_token: string; contact_locale: string | null }>(
    sql`select d.id, d.channel, v.version, v.subject, v.content, v.content_text, v.include_unsubscribe, v.locale as template_locale, l.review_link,
               k.first_name, k.last_name, k.opt_token, k.locale as contact_locale
        from deliveries d
        join campaigns c on c.id = d.campaign_id
        join template_versions v on v.template_id = c.template_id and v.version = c.template_version
        join contacts k on k.id = d.contact_id
        left join locations l on l.id = c.location_id
        where d.campaign_id = ${campaignId} and d.status = 'sent'`,
  );
  for (const r of rows) {
    const ctx: RenderContext = {
      template: { subject: r.subject, content: r.content, contentText: r.content_text, includeUnsubscribe: Number(r.include_unsubscribe) !== 0, locale: r.template_locale },
      contact: { firstName: r.first_name, lastName: r.last_name, optToken: r.opt_token, locale: r.contact_locale },
      reviewLink: r.review_link,
      baseUrl: appUrl(),
    };
    const message = Number(r.channel) === 1 ? { subject: null, text: renderSms(ctx).body, html: null } : (({ subject, html }) => ({ subject, text: htmlToText(html), html }))(renderEmailContent(ctx, tokenValues(ctx, 'email')));
    const hash = contentHash(merchantId, message);
    await tx.execute(sql`insert into message_contents (hash, merchant_id, subject, text, html) values (${hash}, ${merchantId}, ${message.subject}, ${message.text}, ${message.html}) on conflict (hash) do nothing`);
    await tx.execute(sql`update deliveries set content_hash = ${hash}, template_version = ${r.version} where id = ${r.id}`);
  }
}
