import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { merchants } from '@/db/schema/merchants';
import { teamInvitations } from '@/db/schema/team';
import { users } from '@/db/schema/users';
import { AppError, notFound } from '@/lib/errors/app-error';
import { appUrl } from '@/lib/app-url';
import { sha256 } from '@/lib/auth/tokens';
import type { ServiceContext } from '@/lib/context';
import { INVITATION_TTL_DAYS, sendInvitationMail } from './invitation-mail';
import type { InviteInput } from './schema';
import { listTeam, type TeamInvitation } from './list-team';
import { requireOwner } from './require-owner';
import { countAccountLookup, reserveSystemMail } from '@/lib/rate-limit/system-mail';

/** At most this many invitations wait at once per merchant; one re-send a minute per invitation. */
export const MAX_PENDING_INVITATIONS = 20;
export const RESEND_AFTER_SECONDS = 60;

/** The accept page's address for a token. */
export function invitationLink(token: string, baseUrl = appUrl()): string {
  return `${baseUrl}/portal/invite?token=${encodeURIComponent(token)}`;
}

/** The e-mail must not sign in anywhere yet: an account belongs to one merchant. */
async function assertNotRegistered(ctx: ServiceContext, email: string): Promise<void> {
  // The answer tells whether the address has an account: counted as the public lookups are.
  await countAccountLookup(ctx, email);
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (row) throw new AppError('EMAIL_EXISTS', 'team.errors.alreadyRegistered', { fieldErrors: { email: 'team.errors.alreadyRegistered' } });
}

/**
 * Invites an e-mail as staff: a new random token (only its hash is stored), valid for 7 days,
 * e-mailed as a link. Inviting an address already invited replaces its token and sends again.
 */
export async function inviteMember(ctx: ServiceContext, input: InviteInput, baseUrl = appUrl()): Promise<TeamInvitation> {
  await requireOwner(ctx);
  await assertNotRegistered(ctx, input.email);
  const [existing] = await ctx.db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.merchantId, ctx.merchantId), eq(teamInvitations.email, input.email)))
    .limit(1);
  if (existing) return resendInvitation(ctx, existing.id, baseUrl);
  const [{ pending }] = await ctx.db.select({ pending: count() }).from(teamInvitations).where(eq(teamInvitations.merchantId, ctx.merchantId));
  if (pending >= MAX_PENDING_INVITATIONS) throw new AppError('CONFLICT', 'team.errors.tooManyInvitations', { values: { max: MAX_PENDING_INVITATIONS } });
  const now = ctx.now();
  const token = crypto.randomBytes(32).toString('base64url');
  const [row] = await ctx.db
    .insert(teamInvitations)
    .values({ merchantId: ctx.merchantId, email: input.email, tokenHash: sha256(token), invitedBy: ctx.userId, locale: ctx.locale, sentAt: now, expiresAt: expiryFrom(now) })
    .onConflictDoNothing()
    .returning({ id: teamInvitations.id });
  if (!row) throw new AppError('CONFLICT', 'errors.http.409');
  try {
    await mailInvitation(ctx, input.email, token, baseUrl);
  } catch (error) {
    await ctx.db.delete(teamInvitations).where(and(eq(teamInvitations.id, row.id), eq(teamInvitations.merchantId, ctx.merchantId)));
    throw error;
  }
  return invitationOf(ctx, row.id);
}

/** A new token and a new 7 days; the old link stops working. Once a minute per invitation. */
export async function resendInvitation(ctx: ServiceContext, invitationId: number, baseUrl = appUrl()): Promise<TeamInvitation> {
  await requireOwner(ctx);
  const [row] = await ctx.db
    .select({ id: teamInvitations.id, email: teamInvitations.email, sentAt: teamInvitations.sentAt })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound('team.errors.invitationNotFound');
  const now = ctx.now();
  const wait = Math.ceil((row.sentAt.getTime() + RESEND_AFTER_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', 'team.errors.resendWait', { values: { seconds: wait }, details: { retryAfter: wait }, headers: { 'Retry-After': String(wait) } });
  await assertNotRegistered(ctx, row.email);
  const token = crypto.randomBytes(32).toString('base64url');
  await mailInvitation(ctx, row.email, token, baseUrl);
  await ctx.db
    .update(teamInvitations)
    .set({ tokenHash: sha256(token), sentAt: now, expiresAt: expiryFrom(now), invitedBy: ctx.userId, locale: ctx.locale })
    .where(and(eq(teamInvitations.id, row.id), eq(teamInvitations.merchantId, ctx.merchantId)));
  return invitationOf(ctx, row.id);
}

/** Withdraws an invitation: its link stops working. */
export async function revokeInvitation(ctx: ServiceContext, invitationId: number): Promise<null> {
  await requireOwner(ctx);
  const deleted = await ctx.db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.merchantId, ctx.merchantId)))
    .returning({ id: teamInvitations.id });
  if (!deleted.length) throw notFound('team.errors.invitationNotFound');
  return null;
}

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
}

async function mailInvitation(ctx: ServiceContext, to: string, token: string, baseUrl: string): Promise<void> {
  const [merchant] = await ctx.db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, ctx.merchantId)).limit(1);
  const [inviter] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.merchantId, ctx.merchantId)))
    .limit(1);
  if (!merchant || !inviter) throw notFound();
  // Counted per merchant and per recipient over hours: a revoked invitation's row is gone, its count is not.
  const release = await reserveSystemMail(ctx, to);
  try {
    await sendInvitationMail(ctx.db, { merchantId: ctx.merchantId, to, link: invitationLink(token, baseUrl), merchantName: merchant.name, inviterName: inviter.name, locale: ctx.locale });
  } catch (error) {
    await release();
    throw error;
  }
}

async function invitationOf(ctx: ServiceContext, invitationId: number): Promise<TeamInvitation> {
  const team = await listTeam(ctx);
  const invitation = team.invitations.find((i) => i.invitationId === invitationId);
  if (!invitation) throw notFound('team.errors.invitationNotFound');
  return invitation;
}
