import { and, eq } from 'drizzle-orm';
import { templates } from '@/db/schema/templates';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { requireWritableTemplate } from './own-template';
import { usageOf } from './record';

/** Refused for common templates, for trial accounts, and while a non-draft campaign uses it. */
export async function deleteTemplate(ctx: ServiceContext, id: number): Promise<void> {
  await requireWritableTemplate(ctx, id);
  const usage = await usageOf(ctx, [id]);
  const names = usage.get(id) ?? [];
  if (names.length) throw new AppError('CONFLICT', 'templates.errors.inUse', { values: { campaigns: names.join(', ') }, details: { campaigns: names } });
  await ctx.db.delete(templates).where(and(eq(templates.id, id), eq(templates.merchantId, ctx.merchantId)));
}
