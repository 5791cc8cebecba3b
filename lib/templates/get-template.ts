import type { ServiceContext } from '@/lib/context';
import { requireReadableTemplate } from './own-template';
import { withUsage, type TemplateRecord } from './record';

/** One template the merchant may read: its own or a common one; others answer 404. */
export async function getTemplate(ctx: ServiceContext, id: number): Promise<TemplateRecord> {
  const row = await requireReadableTemplate(ctx, id);
  return withUsage(ctx, row);
}
