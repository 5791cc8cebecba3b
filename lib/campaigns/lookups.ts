import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { templates } from '@/db/schema/templates';
import { AppError } from '@/lib/errors/app-error';

/** A template the merchant may use (its own or a common one, merchantId 0) of the channel's type. */
export async function loadUsableTemplate(db: Db, merchantId: number, templateId: number, channel?: number) {
  const [row] = await db.select().from(templates).where(and(eq(templates.id, templateId), inArray(templates.merchantId, [0, merchantId]))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'campaigns.errors.templateNotFound');
  // Template type codes equal channel codes (EMAIL 0, SMS 1).
  if (channel !== undefined && row.type !== channel) {
    throw new AppError('BAD_REQUEST', 'campaigns.errors.templateChannel', { fieldErrors: { templateId: 'campaigns.errors.templateChannel' } });
  }
  return row;
}
