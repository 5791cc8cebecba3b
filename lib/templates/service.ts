import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { campaigns, CampaignStatus } from '@/db/schema/campaigns';
import { templates } from '@/db/schema/templates';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { assertCanCustomise } from '@/lib/subscription/guard';
import { htmlToText } from './html-text';
import type { TemplateBody, TemplateListQuery } from './schema';
import { MAX_SMS_LENGTH } from './schema';
import { normalizeTokens } from './tokens';
import { activeUseOf } from './versions';

type TemplateRow = typeof templates.$inferSelect;

/** A template as the API answers it (spec section 3 names). */
export interface TemplateDto {
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

export interface TemplatePage {
  total: number;
  pageNum: number;
  pageSize: number;
  records: TemplateDto[];
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
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
  return { total, pageNum: query.pageNum, pageSize: query.pageSize, records: rows.map((r) => toDto(r, usage.get(r.id) ?? [], active.get(r.id) ?? 0)) };
}

/** One template the merchant may read: its own or a common one; others answer 404. */
export async function getTemplate(ctx: ServiceContext, id: number): Promise<TemplateDto> {
  const row = await findReadable(ctx, id);
  return withUsage(ctx, row);
}

export async function createTemplate(ctx: ServiceContext, body: TemplateBody): Promise<TemplateDto> {
  await assertCanCustomise(ctx);
  const values = prepare(ctx, body);
  const now = ctx.now();
  const [row] = await ctx.db.insert(templates).values({ ...values, merchantId: ctx.merchantId, createdAt: now, updatedAt: now }).returning();
  return toDto(row, [], 0);
}

export async function updateTemplate(ctx: ServiceContext, id: number, body: TemplateBody): Promise<TemplateDto> {
  const existing = await findWritable(ctx, id);
  if (existing.type !== body.type) throw new AppError('BAD_REQUEST', 'templates.errors.typeMismatch');
  const values = prepare(ctx, body);
  const [row] = await ctx.db
    .update(templates)
    // A new version: campaigns already scheduled or sending keep the one they pinned (./versions.ts).
    .set({ ...values, version: sql`${templates.version} + 1`, updatedAt: ctx.now() })
    .where(and(eq(templates.id, id), eq(templates.merchantId, ctx.merchantId)))
    .returning();
  return withUsage(ctx, row);
}

async function withUsage(ctx: ServiceContext, row: TemplateRow): Promise<TemplateDto> {
  const [usage, active] = await Promise.all([usageOf(ctx, [row.id]), activeUseOf(ctx.db, ctx.merchantId, [row.id])]);
  return toDto(row, usage.get(row.id) ?? [], active.get(row.id) ?? 0);
}

/** Refused for common templates, for trial accounts, and while a non-draft campaign uses it. */
export async function deleteTemplate(ctx: ServiceContext, id: number): Promise<void> {
  await findWritable(ctx, id);
  const usage = await usageOf(ctx, [id]);
  const names = usage.get(id) ?? [];
  if (names.length) throw new AppError('CONFLICT', 'templates.errors.inUse', { values: { campaigns: names.join(', ') }, details: { campaigns: names } });
  await ctx.db.delete(templates).where(and(eq(templates.id, id), eq(templates.merchantId, ctx.merchantId)));
}

/** The untitled-template default in the merchant's language (spec section 5). */
export function untitledName(ctx: Pick<ServiceContext, 'locale'>): string {
  return translatorFor(ctx.locale)('templates.untitled');
}

async function findReadable(ctx: ServiceContext, id: number): Promise<TemplateRow> {
  const [row] = await ctx.db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), or(eq(templates.merchantId, ctx.merchantId), eq(templates.merchantId, 0))))
    .limit(1);
  if (!row) throw notFound('templates.errors.notFound');
  return row;
}

// Order of refusals: unknown id (404), common template (403 no permission), trial (403).
async function findWritable(ctx: ServiceContext, id: number): Promise<TemplateRow> {
  const row = await findReadable(ctx, id);
  if (row.merchantId === 0) throw new AppError('FORBIDDEN', 'templates.errors.noPermission');
  await assertCanCustomise(ctx);
  return row;
}

/**
 * Validates and cleans a body: HTML sanitised whatever the client sent, aliases normalised,
 * unknown tokens refused (named), the untitled default for a missing name.
 */
function prepare(ctx: ServiceContext, body: TemplateBody) {
  const isEmail = body.type === 0;
  const fieldErrors: Record<string, string> = {};
  let content = isEmail ? sanitizeRichHtml(fixTokenLinks(body.content)) : body.content.replace(/\r\n/g, '\n').trim();
  const subjectRaw = isEmail ? (body.subject ?? '').trim() : '';
  const contentNorm = normalizeTokens(content);
  const subjectNorm = normalizeTokens(subjectRaw);
  content = contentNorm.text;
  const unknown = [...new Set([...subjectNorm.unknown, ...contentNorm.unknown])];
  if (unknown.length) {
    throw new AppError('VALIDATION', 'templates.errors.unknownTokens', { values: { tokens: unknown.map((u) => `{{${u}}}`).join(', ') }, details: { unknownTokens: unknown } });
  }
  const text = isEmail ? htmlToText(content) : content;
  if (!text.trim() && !(isEmail && /<(img|video)\b/i.test(content))) fieldErrors.content = 'templates.errors.contentRequired';
  if (isEmail && !subjectNorm.text) fieldErrors.subject = 'templates.errors.subjectRequired';
  if (!isEmail && content.length > MAX_SMS_LENGTH) fieldErrors.content = 'templates.errors.smsTooLong';
  if (Object.keys(fieldErrors).length) throw new AppError('VALIDATION', Object.values(fieldErrors)[0], { fieldErrors, values: { max: MAX_SMS_LENGTH } });
  return {
    name: body.templateName?.trim() || untitledName(ctx),
    description: body.description?.trim() ?? '',
    type: body.type,
    category: body.category ?? 'Custom',
    locale: body.locale ?? null,
    subject: isEmail ? subjectNorm.text : null,
    content,
    contentText: isEmail ? normalizeTokens(body.contentText?.trim() || text).text : content,
    isDefault: body.isDefault ?? false,
    scene: isEmail ? null : (body.scene ?? 'subsequent'),
    includeUnsubscribe: isEmail ? false : (body.includeUnsubscribe ?? false),
  };
}

// Lexical and some clients write a token link as https://{{token}}; the token is the address.
function fixTokenLinks(html: string): string {
  return html.replace(/href="https?:\/\/(\{\{[^{}"]+\}\}|%7B%7B[^"%]+%7D%7D)\/?"/gi, (_m, token: string) => `href="${decodeURIComponent(token)}"`);
}

// Images a template embeds are not made public on save: the mail as sent carries signed
// addresses (lib/files/public-links.ts), so they open for customers only once a campaign sends.

/** template id -> names of the merchant's non-draft campaigns that use it. */
async function usageOf(ctx: ServiceContext, ids: number[]): Promise<Map<number, string[]>> {
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

function commonWhere(ctx: ServiceContext, common: TemplateListQuery['common']): SQL | undefined {
  if (common === 'all') return eq(templates.merchantId, 0);
  return and(eq(templates.merchantId, 0), or(eq(templates.locale, ctx.locale), sql`${templates.locale} is null`));
}

function toDto(row: TemplateRow, usedBy: string[], activeUse: number): TemplateDto {
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
