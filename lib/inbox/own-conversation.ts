import { and, eq } from 'drizzle-orm';
import { conversations } from '@/db/schema/inbox';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';

/** A conversation of this merchant, or 404 (another merchant's id answers like a missing one). */
export async function requireOwnConversation(ctx: ServiceContext, conversationId: number) {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound('inbox.errors.notFound');
  return row;
}
