import { and, eq, sql } from 'drizzle-orm';
import { templates } from '@/db/schema/templates';
import { AppError } from '@/lib/errors/app-error';
import { staleEdit } from '@/lib/errors/stale-edit';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { assertCanCustomise } from '@/lib/subscription/guard';
import { htmlToText } from './html-text';
import { requireReadableTemplate, requireWritableTemplate } from './own-template';
import { toRecord, withUsage, type TemplateRecord } from './record';
import type { TemplateBody } from './schema';
import { MAX_SMS_LENGTH } from './schema';
import { normalizeTokens } from './tokens';

export async function createTemplate(ctx: ServiceContext, body: TemplateBody): Promise<TemplateRecord> {
  await assertCanCustomise(ctx);
  const values = prepare(ctx, body);
  const now = ctx.now();
  const [row] = await ctx.db.insert(templates).values({ ...values, merchantId: ctx.merchantId, createdAt: now, updatedAt: now }).returning();
  return toRecord(row, [], 0);
}

/** With `version`, a template changed since the client read it refuses the update; the check is the update's own condition. */
export async function updateTemplate(ctx: ServiceContext, id: number, body: TemplateBody): Promise<TemplateRecord> {
  const existing = await requireWritableTemplate(ctx, id);
  if (existing.type !== body.type) throw new AppError('BAD_REQUEST', 'templates.errors.typeMismatch');
  const values = prepare(ctx, body);
  const [row] = await ctx.db
    .update(templates)
    // A new version: campaigns already scheduled or sending keep the one they pinned (./versions.ts).
    .set({ ...values, version: sql`${templates.version} + 1`, updatedAt: ctx.now() })
    .where(and(eq(templates.id, id), eq(templates.merchantId, ctx.merchantId), body.version === undefined ? undefined : eq(templates.version, body.version)))
    .returning();
  if (!row) {
    // Deleted since: 404 as before; still there: changed since the client's copy.
    await requireReadableTemplate(ctx, id);
    throw staleEdit();
  }
  return withUsage(ctx, row);
}

/** The untitled-template default in the merchant's language (spec section 5). */
export function untitledName(ctx: Pick<ServiceContext, 'locale'>): string {
  return translatorFor(ctx.locale)('templates.untitled');
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
