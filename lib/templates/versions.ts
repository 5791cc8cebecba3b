import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { CampaignStatus } from '@/db/schema/campaigns';

/**
 * Template versions (issue 19 point 6). Every edit of a template bumps templates.version; a
 * campaign that is scheduled or starts sending pins the version current at that moment: a copy in
 * template_versions (written once per version, shared by every campaign that pins it) and
 * campaigns.template_version. The sending engine renders from the pinned copy, so editing the
 * template later changes new campaigns only.
 */

/** The statuses of a campaign that keeps its pinned version: "being scheduled or sent". */
export const PINNED_STATUSES = [CampaignStatus.SCHEDULED, CampaignStatus.SENDING, CampaignStatus.PAUSED] as const;

/**
 * Pins the campaign's template version, inside the caller's transaction (the one that moves the
 * campaign to SCHEDULED or SENDING). A campaign that already has a version keeps it (resume, a
 * scheduled campaign whose time came). One statement: the template row is read FOR SHARE, so a
 * concurrent edit waits and the copied content always matches the copied version number. The
 * copy's created_at is when that version was saved (the template's updated_at), which is what the
 * campaign details show ("the version of <date>").
 */
export async function pinTemplateVersion(tx: Db, campaign: { id: number; merchantId: number; templateId: number | null; templateVersion: number | null }): Promise<void> {
  if (!campaign.templateId || campaign.templateVersion !== null) return;
  await tx.execute(sql`
    with t as (
      select id, version, merchant_id, subject, content, content_text, scene, include_unsubscribe, locale, updated_at
      from templates where id = ${campaign.templateId} and merchant_id in (0, ${campaign.merchantId})
      for share
    ), copied as (
      insert into template_versions (template_id, version, merchant_id, subject, content, content_text, scene, include_unsubscribe, locale, created_at)
      select id, version, merchant_id, subject, content, content_text, scene, case when include_unsubscribe then 1 else 0 end, locale, updated_at from t
      on conflict (template_id, version) do nothing
    )
    update campaigns set template_version = (select version from t)
    where id = ${campaign.id} and merchant_id = ${campaign.merchantId}`);
}

/** template id -> how many of the merchant's campaigns being scheduled or sent use it (the editor's notice). */
export async function activeUseOf(db: Db, merchantId: number, templateIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!templateIds.length) return out;
  const rows = await db.execute<{ template_id: number; n: number }>(
    sql`select template_id, count(*)::int as n from campaigns
        where merchant_id = ${merchantId} and template_id in (${sql.join(templateIds.map((id) => sql`${id}`), sql`, `)})
          and status in (${sql.join(PINNED_STATUSES.map((s) => sql`${s}`), sql`, `)})
        group by template_id`,
  );
  for (const r of rows) out.set(Number(r.template_id), Number(r.n));
  return out;
}

/** A campaign's pinned template version: its content and date, and whether the template changed since. */
export interface CampaignTemplateVersion {
  templateId: number;
  version: number;
  /** When this version was saved (ISO). */
  savedAt: string;
  subject: string | null;
  content: string;
  contentText: string;
  includeUnsubscribe: boolean;
  locale: string | null;
  /** The template was edited after this version (or deleted): the campaign keeps sending this one. */
  changedSince: boolean;
}

type VersionRow = {
  template_id: number;
  version: number;
  created_at: string | Date;
  subject: string | null;
  content: string;
  content_text: string;
  include_unsubscribe: number;
  locale: string | null;
  current_version: number | null;
};

/** The version a campaign of this merchant sends, or null (a draft, or an older campaign without a pin). */
export async function campaignTemplateVersion(db: Db, merchantId: number, campaignId: number): Promise<CampaignTemplateVersion | null> {
  const [r] = await db.execute<VersionRow>(
    sql`select v.template_id, v.version, v.created_at, v.subject, v.content, v.content_text, v.include_unsubscribe, v.locale, t.version as current_version
        from campaigns c
        join template_versions v on v.template_id = c.template_id and v.version = c.template_version and v.merchant_id in (0, c.merchant_id)
        left join templates t on t.id = v.template_id
        where c.id = ${campaignId} and c.merchant_id = ${merchantId}`,
  );
  if (!r) return null;
  return {
    templateId: Number(r.template_id),
    version: Number(r.version),
    savedAt: new Date(r.created_at).toISOString(),
    subject: r.subject,
    content: r.content,
    contentText: r.content_text,
    includeUnsubscribe: Number(r.include_unsubscribe) !== 0,
    locale: r.locale,
    changedSince: r.current_version === null || Number(r.current_version) !== Number(r.version),
  };
}
