import { and, eq } from 'drizzle-orm';
import { conversations } from '@/db/schema/inbox';
import type { ServiceContext } from '@/lib/context';
import { requireOwnConversation } from './own-conversation';

/** Processed, or back to unprocessed (a new customer message also reopens it). */
export async function setProcessed(ctx: ServiceContext, input: { conversationId: number; processed: boolean }): Promise<{ processed: boolean }> {
  await requireOwnConversation(ctx, input.conversationId);
  await ctx.db.update(conversations).set({ processed: input.processed, updatedAt: ctx.now() }).where(and(eq(conversations.id, input.conversationId), eq(conversations.merchantId, ctx.merchantId)));
  return { processed: input.processed };
}

export async function markRead(ctx: ServiceContext, conversationId: number): Promise<void> {
  await ctx.db.update(conversations).set({ unreadCount: 0 }).where(and(eq(conversations.id, conversationId), eq(conversations.merchantId, ctx.merchantId)));
}
