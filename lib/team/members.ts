import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { lockUserSessions } from '@/lib/auth/session-lock';
import { refreshTokens, users } from '@/db/schema/users';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { listTeam, type TeamMember } from './list-team';
import { requireOwner } from './require-owner';

async function memberOf(ctx: ServiceContext, userId: number): Promise<{ id: number; role: 'owner' | 'staff'; permissions: string[] }> {
  const [row] = await ctx.db
    .select({ id: users.id, role: users.role, permissions: users.permissions })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound('team.errors.memberNotFound');
  return row;
}

/**
 * Gives or takes the post permission. Every request reads the user row again, so the change
 * holds from the member's next request on.
 */
export async function setPostPermission(ctx: ServiceContext, userId: number, input: { canManagePosts: boolean }): Promise<TeamMember> {
  await requireOwner(ctx);
  const member = await memberOf(ctx, userId);
  const others = member.permissions.filter((p) => p !== POST_ADMIN_PERMISSION);
  const permissions = input.canManagePosts ? [...others, POST_ADMIN_PERMISSION] : others;
  await ctx.db
    .update(users)
    .set({ permissions, updatedAt: ctx.now() })
    .where(and(eq(users.id, member.id), eq(users.merchantId, ctx.merchantId)));
  const updated = (await listTeam(ctx)).members.find((m) => m.userId === member.id);
  if (!updated) throw notFound('team.errors.memberNotFound');
  return updated;
}

/**
 * Removes a staff member: their user row goes, with their refresh tokens, so every token they
 * hold answers 401 at once (each request loads the user). The owner cannot remove themself
 * (that is "delete account", which deletes the merchant), nor is there another owner.
 */
export async function removeMember(ctx: ServiceContext, userId: number): Promise<null> {
  await requireOwner(ctx);
  const member = await memberOf(ctx, userId);
  if (member.id === ctx.userId || member.role === 'owner') throw new AppError('BAD_REQUEST', 'team.errors.cannotRemoveOwner');
  await ctx.db.transaction(async (tx) => {
    // Re-checked under locks: a transfer of ownership to this member running at the same time
    // either commits first (the caller is no longer the owner, or the member now is: refused) or
    // waits for this removal (and then finds no member to hand the merchant to).
    await lockOwner(tx, ctx);
    const [removed] = await tx
      .delete(users)
      .where(and(eq(users.id, member.id), eq(users.merchantId, ctx.merchantId), ne(users.role, 'owner')))
      .returning({ id: users.id });
    if (!removed) throw new AppError('BAD_REQUEST', 'team.errors.cannotRemoveOwner');
    await revokeSessions(tx, member.id, ctx.now());
  });
  return null;
}

/** The caller's row, locked while it is still this merchant's owner; refused otherwise. */
async function lockOwner(tx: Db, ctx: ServiceContext): Promise<void> {
  const [self] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId), eq(users.role, 'owner')))
    .for('update');
  if (!self) throw new AppError('FORBIDDEN', 'team.errors.ownerOnly');
}

/**
 * Hands the merchant to another member: they become the owner (with post administration), the
 * caller becomes staff, in one transaction. Nobody's sessions end; the roles hold from the next request.
 */
export async function transferOwnership(ctx: ServiceContext, userId: number): Promise<null> {
  await requireOwner(ctx);
  const member = await memberOf(ctx, userId);
  if (member.id === ctx.userId) throw new AppError('BAD_REQUEST', 'team.errors.alreadyOwner');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // The caller's row is locked and re-checked inside the transaction: two transfers at once
    // cannot both pass the check above and leave two owners.
    const [self] = await tx
      .update(users)
      .set({ role: 'staff', updatedAt: now })
      .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId), eq(users.role, 'owner')))
      .returning({ id: users.id });
    if (!self) throw new AppError('FORBIDDEN', 'team.errors.ownerOnly');
    // The member may have been removed meanwhile: then nobody would own the merchant. Refused
    // (and the caller's demotion rolled back) unless a row was really promoted.
    // The owner administers the merchant's posts, as the seeded owner does; the former owner keeps
    // theirs until the new owner takes it away.
    const [promoted] = await tx
      .update(users)
      .set({ role: 'owner', permissions: sql`array_append(array_remove(${users.permissions}, ${POST_ADMIN_PERMISSION}), ${POST_ADMIN_PERMISSION})`, updatedAt: now })
      .where(and(eq(users.id, member.id), eq(users.merchantId, ctx.merchantId)))
      .returning({ id: users.id });
    if (!promoted) throw notFound('team.errors.memberNotFound');
  });
  return null;
}

/** Ends every sign-in of the user (the rows go with the user too; explicit for the audit trail). */
async function revokeSessions(db: Db, userId: number, now: Date): Promise<void> {
  await lockUserSessions(db, userId);
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`));
}
