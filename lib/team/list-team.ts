import { asc, eq } from 'drizzle-orm';
import { teamInvitations } from '@/db/schema/team';
import { users } from '@/db/schema/users';
import type { ServiceContext } from '@/lib/context';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { requireOwner } from './require-owner';

export interface TeamMember {
  userId: number;
  name: string;
  email: string;
  role: 'owner' | 'staff';
  canManagePosts: boolean;
  joinedAt: string;
  /** The signed-in user themself. */
  you: boolean;
}

export interface TeamInvitation {
  invitationId: number;
  email: string;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface Team {
  members: TeamMember[];
  invitations: TeamInvitation[];
}

/** The owner's view of the team: members (owner first) and the invitations not yet accepted. */
export async function listTeam(ctx: ServiceContext): Promise<Team> {
  await requireOwner(ctx);
  const now = ctx.now().getTime();
  const members = await ctx.db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role, permissions: users.permissions, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.merchantId, ctx.merchantId))
    .orderBy(asc(users.createdAt), asc(users.id));
  const invitations = await ctx.db
    .select({ invitationId: teamInvitations.id, email: teamInvitations.email, sentAt: teamInvitations.sentAt, expiresAt: teamInvitations.expiresAt })
    .from(teamInvitations)
    .where(eq(teamInvitations.merchantId, ctx.merchantId))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  return {
    members: members
      .map((m) => ({
        userId: m.userId,
        name: m.name,
        email: m.email,
        role: m.role,
        canManagePosts: m.permissions.includes(POST_ADMIN_PERMISSION),
        joinedAt: m.createdAt.toISOString(),
        you: m.userId === ctx.userId,
      }))
      .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1)),
    invitations: invitations.map((i) => ({ ...i, sentAt: i.sentAt.toISOString(), expiresAt: i.expiresAt.toISOString(), expired: i.expiresAt.getTime() <= now })),
  };
}
