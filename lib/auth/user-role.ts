import { and, eq } from 'drizzle-orm';
import { users } from '@/db/schema/users';
import type { ServiceContext } from '@/lib/context';

export type UserRole = 'owner' | 'staff';

/** The signed-in user's role in their merchant: the owner registered it, everyone else is staff. */
export async function userRole(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'userId'>): Promise<UserRole> {
  const [row] = await ctx.db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId)))
    .limit(1);
  return row?.role ?? 'staff';
}
