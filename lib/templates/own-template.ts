import { and, eq, or } from 'drizzle-orm';
import { templates } from '@/db/schema/templates';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { assertCanCustomise } from '@/lib/subscription/guard';
import type { TemplateRow } from './record';

/** A template the merchant may read: its own or a common one (merchantId 0); others answer 404. */
export async function requireReadableTemplate(ctx: ServiceContext, id: number): Promise<TemplateRow> {
  const [row] = await ctx.db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), or(eq(templates.merchantId, ctx.merchantId), eq(templates.merchantId, 0))))
    .limit(1);
  if (!row) throw notFound('templates.errors.notFound');
  return row;
}

// Order of refusals: unknown id (404), common template (403 no permission), trial (403).
export async function requireWritableTemplate(ctx: ServiceContext, id: number): Promise<TemplateRow> {
  const row = await requireReadableTemplate(ctx, id);
  if (row.merchantId === 0) throw new AppError('FORBIDDEN', 'templates.errors.noPermission');
  await assertCanCustomise(ctx);
  return row;
}

