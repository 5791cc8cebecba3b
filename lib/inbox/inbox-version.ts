import { eq, sql } from 'drizzle-orm';
import { conversations } from '@/db/schema/inbox';
import type { ServiceContext } from '@/lib/context';

/** The newest change of the merchant's inbox: the list polls it to update without a reload. */
export async function inboxVersion(ctx: ServiceContext): Promise<{ version: string; unread: number }> {
  const [row] = await ctx.db
    .select({ version: sql<string>`coalesce(max(${conversations.updatedAt}), 'epoch'::timestamptz)::text`, unread: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int` })
    .from(conversations)
    .where(eq(conversations.merchantId, ctx.merchantId));
  return { version: row.version, unread: Number(row.unread) };
}
