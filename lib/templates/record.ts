import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { campaigns, CampaignStatus } from '@/db/schema/campaigns';
import type { templates } from '@/db/schema/templates';
import type { ServiceContext } from '@/lib/context';
import { activeUseOf } from './versions';

export type TemplateRow = typeof templates.$inferSelect;

/** A template as the API answers it (spec section 3 names). */
export interface TemplateRecord {
  templateId: number;
  templateName: string;
  description: string;
  type: 0 | 1;
  subject: string | null;
  content: string;
  contentText: string;
  isDefault: boolean;
  merchantId: number;
  category: TemplateRow['category'];
  scene: string | null;
  includeUnsubscribe: boolean;
  locale: string | null;
  /** Used by a campaign that is not a draft. */
  inUse: boolean;
  /** Names of the non-draft campaigns using it. */
  usedBy: string[];
  /**
   * How many campaigns being scheduled or sent (scheduled, sending, paused) use it: they keep the
   * version they were scheduled with, so the editor says an edit applies to new campaigns only.
   */
  activeUse: number;
  /** Bumped by every edit (templates.version). */
  version: number;
  createTime: string;
  updateTime: string;
}

/** A row with what the editor and the list say about its use. */
export async function withUsage(ctx: ServiceContext, row: TemplateRow): Promise<TemplateRecord> {
  const [usage, active] = await Promise.all([usageOf(ctx, [row.id]), activeUseOf(ctx.db, ctx.merchantId, [row.id])]);
  return toRecord(row, usage.get(row.id) ?? [], active.get(row.id) ?? 0);
}

/** template id -> names of the merchant's non-draft campaigns that use it. */
export async function usageOf(ctx: ServiceContext, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (!ids.length) return map;
  const rows = await ctx.db
    .select({ templateId: campaigns.templateId, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.merchantId, ctx.merchantId), inArray(campaigns.templateId, ids), ne(campaigns.status, CampaignStatus.DRAFT)))
    .orderBy(asc(campaigns.id));
  for (const r of rows) if (r.templateId !== null) map.set(r.templateId, [...(map.get(r.templateId) ?? []), r.name]);
  return map;
}

export function toRecord(row: TemplateRow, usedBy: string[], activeUse: number): TemplateRecord {
  return {
    templateId: row.id,
    templateName: row.name,
    description: row.description,
    type: row.type === 1 ? 1 : 0,
    subject: row.subject,
    content: row.content,
    contentText: row.contentText,
    isDefault: row.isDefault,
    merchantId: row.merchantId,
    category: row.category,
    scene: row.scene,
    includeUnsubscribe: row.includeUnsubscribe,
    locale: row.locale,
    inUse: usedBy.length > 0,
    usedBy,
    activeUse,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}
