import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { merchants } from '@/db/schema/merchants';
import { teamInvitations } from '@/db/schema/team';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import { hashPassword } from '@/lib/auth/password';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { sha256 } from '@/lib/auth/tokens';
import type { PublicContext } from '@/lib/context';
import type { AcceptInvitationInput } from './schema';

export interface InvitationPreview {
  email: string;
  merchantName: string;
  expiresAt: string;
}

type InvitationState = { ok: true; invitation: InvitationPreview } | { ok: false; reason: 'invalid' | 'expired' | 'registered' };

/** What the accept page shows before the form: the invited e-mail and the merchant, or why not. */
export async function readInvitation(db: Db, token: string, now: Date): Promise<InvitationState> {
  const [row] = await db
    .select({ email: teamInvitations.email, expiresAt: teamInvitations.expiresAt, merchantName: merchants.name })
    .from(teamInvitations)
    .innerJoin(merchants, eq(merchants.id, teamInvitations.merchantId))
    .where(eq(teamInvitations.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, row.email)).limit(1);
  if (taken) return { ok: false, reason: 'registered' };
  return { ok: true, invitation: { email: row.email, merchantName: row.merchantName, expiresAt: row.expiresAt.toISOString() } };
}

export const INVITATION_REFUSALS = {
  invalid: 'team.accept.invalid',
  expired: 'team.accept.expired',
  registered: 'team.errors.alreadyRegistered',
} as const;

/**
 * The invitee's name and password: creates a staff user of the inviting merchant and spends the
 * invitation (deleted in the same transaction, so a link works once). An expired, used, revoked
 * or re-sent link is refused; so is an e-mail that meanwhile signs in elsewhere (488).
 */
export async function acceptInvitation(ctx: PublicContext, input: AcceptInvitationInput): Promise<{ userId: number; merchantId: number; email: string }> {
  const now = ctx.now();
  // The link first: a forged or spent token costs no password hashing.
  const state = await readInvitation(ctx.db, input.token, now);
  if (!state.ok) {
    if (state.reason === 'registered') throw new AppError('EMAIL_EXISTS', INVITATION_REFUSALS.registered);
    throw refusal(state.reason);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [invitation] = await tx
        .delete(teamInvitations)
        .where(eq(teamInvitations.tokenHash, sha256(input.token)))
        .returning({ id: teamInvitations.id, merchantId: teamInvitations.merchantId, email: teamInvitations.email, expiresAt: teamInvitations.expiresAt });
      if (!invitation) throw refusal('invalid');
      if (invitation.expiresAt.getTime() <= now.getTime()) throw refusal('expired');
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
      if (taken) throw new AppError('EMAIL_EXISTS', INVITATION_REFUSALS.registered);
      const [user] = await tx
        .insert(users)
        .values({ merchantId: invitation.merchantId, email: invitation.email, name: input.userName, passwordHash, locale: ctx.locale, role: 'staff', permissions: [] })
        .returning({ id: users.id });
      return { userId: user.id, merchantId: invitation.merchantId, email: invitation.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_EXISTS', INVITATION_REFUSALS.registered);
    throw error;
  }
}

function refusal(reason: 'invalid' | 'expired'): AppError {
  return new AppError('BAD_REQUEST', INVITATION_REFUSALS[reason], { details: { reason }, fieldErrors: { token: INVITATION_REFUSALS[reason] } });
}

