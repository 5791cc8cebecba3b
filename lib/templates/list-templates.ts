import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { templates } from '@/db/schema/templates';
import type { ServiceContext } from '@/lib/context';
import { toRecord, usageOf, type TemplateRecord } from './record';
import type { TemplateListQuery } from './schema';
import { activeUseOf } from './versions';
import { containsPattern } from '@/db/like';

export interface TemplatePage {
  total: number;
  pageNum: number;
  pageSize: number;
  records: TemplateRecord[];
}

/**
 * The merchant's own templates and the common ones (merchantId 0), newest first, own before
 * common; filtered by type, category and keyword; paged (pageSize at most 100).
 */
export async function listTemplates(ctx: ServiceContext, query: TemplateListQuery): Promise<TemplatePage> {
  const owners = query.common === 'none' ? eq(templates.merchantId, ctx.merchantId) : or(eq(templates.merchantId, ctx.merchantId), commonWhere(ctx, query.common));
  const conditions: (SQL | undefined)[] = [owners];
  if (query.type !== undefined) conditions.push(eq(templates.type, query.type));
  if (query.category) conditions.push(eq(templates.category, query.category));
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    conditions.push(or(ilike(templates.name, like), ilike(templates.subject, like), ilike(templates.contentText, like)));
  }
  const where = and(...conditions);
  const [{ total }] = await ctx.db.select({ total: count() }).from(templates).where(where);
  const rows = await ctx.db
    .select()
    .from(templates)
    .where(where)
    .orderBy(sql`(${templates.merchantId} = 0)`, desc(templates.updatedAt), asc(templates.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const usage = await usageOf(ctx, rows.map((r) => r.id));
  const active = await activeUseOf(ctx.db, ctx.merchantId, rows.map((r) => r.id));
  return { total, pageNum: query.pageNum, pageSize: query.pageSize, records: rows.map((r) => toRecord(r, usage.get(r.id) ?? [], active.get(r.id) ?? 0)) };
}

function commonWhere(ctx: ServiceContext, common: TemplateListQuery['common']): SQL | undefined {
  if (common === 'all') return eq(templates.merchantId, 0);
  return and(eq(templates.merchantId, 0), or(eq(templates.locale, ctx.locale), sql`${templates.locale} is null`));
}
