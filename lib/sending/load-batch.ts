import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { DEFAULT_FREQUENCY_CAP_DAYS, recentlyAskedSql, type ConsentState } from './eligibility';
import type { RenderContext } from './render-message';
import { inboxAddress } from '@/lib/reply-address/reply-address';
import { applySmsPolicy } from './sms-policy';

/** Everything one claimed delivery needs, read for the whole batch in one query. */
export interface DeliveryJob {
  deliveryId: number;
  merchantId: number;
  campaignId: number;
  campaignStatus: number;
  campaignType: number;
  channel: 'email' | 'sms';
  attempts: number;
  contactId: number;
  contactExists: boolean;
  consent: ConsentState;
  scene: string | null;
  /** The template version the message is rendered from (the campaign's pinned one); null on older campaigns (the live template). */
  templateVersion: number | null;
  /**
   * Nothing to render: the campaign has no template, or its pinned version is gone. Such a
   * delivery fails (never an empty message, nor another version's content).
   */
  templateMissing: boolean;
  render: Omit<RenderContext, 'baseUrl'>;
  merchantName: string;
  replyTo: string | null;
  frequencyCapDays: number;
  /** Another campaign sent this contact a review request on this channel within the cap. */
  recentlyAsked: boolean;
}

type JobRow = {
  delivery_id: number;
  merchant_id: number;
  campaign_id: number;
  campaign_status: number;
  campaign_type: number;
  channel: number;
  attempts: number;
  contact_id: number;
  contact_exists: boolean;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  email_opt_in: boolean | null;
  sms_opt_in: boolean | null;
  email_status: string | null;
  opt_token: string | null;
  contact_locale: string | null;
  subject: string | null;
  content: string | null;
  content_text: string | null;
  include_unsubscribe: boolean | null;
  scene: string | null;
  template_locale: string | null;
  template_version: number | null;
  template_missing: boolean;
  review_link: string | null;
  merchant_name: string;
  service_email: string | null;
  email_verification_status: string;
  cap_days: number | null;
  recently_asked: boolean;
};

/**
 * Planner settings for the batch read. Mid-campaign the statistics of `deliveries` are always
 * stale (100,000 rows go from queued to sent faster than autovacuum analyzes them), and the costs
 * they give made PostgreSQL compile the statement with JIT (1.1 s per batch) and scan the table in
 * parallel for 1,000 ids (100 ms) where the primary key takes 10 ms (bench/RESULTS.md, issue 7).
 */
const BATCH_READ_SETTINGS = sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`;

export async function loadJobs(db: Db, deliveryIds: number[], now: Date): Promise<DeliveryJob[]> {
  if (!deliveryIds.length) return [];
  const ids = sql.join(deliveryIds.map((id) => sql`${id}`), sql`, `);
  // The frequency cap (./eligibility.ts) of a review request, with the merchant's cap.
  const capDays = sql`coalesce(s.frequency_cap_days, ${DEFAULT_FREQUENCY_CAP_DAYS})`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(BATCH_READ_SETTINGS);
    return tx.execute<JobRow>(
      sql`
      select d.id as delivery_id, d.merchant_id, d.campaign_id, c.status as campaign_status, c.campaign_type, d.channel, d.attempts,
             d.contact_id, (k.id is not null) as contact_exists, k.first_name, k.last_name, k.email, k.phone,
             k.email_opt_in, k.sms_opt_in, k.email_status, k.opt_token, k.locale as contact_locale,
             case when v.template_id is not null then v.subject else t.subject end as subject, coalesce(v.content, t.content) as content,
             coalesce(v.content_text, t.content_text) as content_text,
             coalesce(v.include_unsubscribe <> 0, t.include_unsubscribe) as include_unsubscribe,
             case when v.template_id is not null then v.scene else t.scene end as scene,
             case when v.template_id is not null then v.locale else t.locale end as template_locale,
             v.version as template_version,
             (v.template_id is null and (c.template_version is not null or t.id is null)) as template_missing,
             l.review_link, m.name as merchant_name, m.service_email, m.email_verification_status,
             s.frequency_cap_days as cap_days,
             (c.campaign_type = 0 and ${recentlyAskedSql({ contactId: sql`d.contact_id`, channel: sql`d.channel`, now, capDays, exceptCampaignId: sql`d.campaign_id` })}) as recently_asked
      from deliveries d
      join campaigns c on c.id = d.campaign_id
      join merchants m on m.id = d.merchant_id
      left join contacts k on k.id = d.contact_id and k.merchant_id = d.merchant_id
      left join templates t on t.id = c.template_id
      -- The campaign's pinned version (lib/templates/versions.ts); older campaigns have none and
      -- send the live template.
      left join template_versions v on v.template_id = c.template_id and v.version = c.template_version
      left join locations l on l.id = c.location_id and l.merchant_id = d.merchant_id
      left join merchant_sending_settings s on s.merchant_id = d.merchant_id
      where d.id in (${ids})
      order by d.id`,
    );
  });
  const jobs = rows.map((r): DeliveryJob => ({
    deliveryId: Number(r.delivery_id),
    merchantId: Number(r.merchant_id),
    campaignId: Number(r.campaign_id),
    campaignStatus: Number(r.campaign_status),
    campaignType: Number(r.campaign_type),
    channel: Number(r.channel) === 1 ? 'sms' : 'email',
    attempts: Number(r.attempts),
    contactId: Number(r.contact_id),
    contactExists: Boolean(r.contact_exists),
    consent: {
      email: r.email,
      phone: r.phone,
      emailOptIn: r.email_opt_in,
      smsOptIn: r.sms_opt_in,
      emailStatus: r.email_status === 'bounced' || r.email_status === 'complained' ? r.email_status : 'ok',
    },
    scene: r.scene,
    templateVersion: r.template_version == null ? null : Number(r.template_version),
    templateMissing: Boolean(r.template_missing),
    render: {
      template: {
        subject: r.subject,
        content: r.content ?? '',
        contentText: r.content_text ?? '',
        includeUnsubscribe: Boolean(r.include_unsubscribe),
        locale: r.template_locale,
      },
      contact: { firstName: r.first_name ?? '', lastName: r.last_name ?? '', optToken: r.opt_token ?? '', locale: r.contact_locale },
      reviewLink: r.review_link,
    },
    merchantName: r.merchant_name,
    // Replies thread into the inbox through the merchant's signed inbox address when inbound mail
    // is configured; otherwise they go to the verified service e-mail.
    replyTo: inboxAddress(Number(r.merchant_id)) ?? (r.email_verification_status === 'Success' ? r.service_email : null),
    frequencyCapDays: r.cap_days ?? DEFAULT_FREQUENCY_CAP_DAYS,
    recentlyAsked: Boolean(r.recently_asked),
  }));
  // Destination and daily cap of SMS (./sms-policy.ts): skipped as the consent rules are.
  return applySmsPolicy(db, jobs, now);
}
