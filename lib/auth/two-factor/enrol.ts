import { eq } from 'drizzle-orm';
import { userTwoFactor } from '@/db/schema/two-factor';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import type { EnableTwoFactorInput, StartTwoFactorInput } from './schema';
import { confirmCurrentPassword } from './confirm-password';
import { endUserSessions, liveFamilyStart } from '@/lib/auth/sessions';
import { signAccessToken } from '@/lib/auth/tokens';
import { newTotpSecret, openTotpSecret, otpauthUri, sealTotpSecret, totpStep } from './totp';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** Settings: whether the second step is on, since when, and how many recovery codes are unused. */
export async function twoFactorStatus(ctx: ServiceContext): Promise<TwoFactorStatus> {
  const [row] = await ctx.db.select({ enabledAt: userTwoFactor.enabledAt, hashes: userTwoFactor.recoveryCodeHashes }).from(userTwoFactor).where(eq(userTwoFactor.userId, ctx.userId)).limit(1);
  if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return { enabled: true, enabledAt: row.enabledAt.toISOString(), recoveryCodesLeft: row.hashes.length };
}

export interface TwoFactorSetup {
  /** Base32, for typing into an authenticator app. */
  secret: string;
  /** otpauth://totp/… for a QR code or an app that takes links. */
  uri: string;
}

/**
 * Turn on, first half: the current password, then a new secret, stored sealed and pending
 * (sign-in does not ask for it until a code confirms it). Starting again replaces a pending
 * secret; an enabled one is refused.
 */
export async function startTwoFactor(ctx: ServiceContext, input: StartTwoFactorInput, ip?: string): Promise<TwoFactorSetup> {
  await confirmCurrentPassword(ctx, input.password, ip);
  const now = ctx.now();
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  const secret = newTotpSecret();
  const secretSealed = sealTotpSecret(secret);
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ enabledAt: userTwoFactor.enabledAt }).from(userTwoFactor).where(eq(userTwoFactor.userId, ctx.userId)).for('update').limit(1);
    if (existing?.enabledAt) throw new AppError('CONFLICT', 'twoFactor.errors.alreadyOn');
    await tx
      .insert(userTwoFactor)
      .values({ userId: ctx.userId, secretSealed, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secretSealed, enabledAt: null, lastUsedStep: null, recoveryCodeHashes: [], updatedAt: now } });
  });
  return { secret, uri: otpauthUri(secret, user.email) };
}

export interface TwoFactorEnabled {
  recoveryCodes: string[];
  /** The asking session's new access token (the others ended with the old epoch); absent when it was not kept. */
  accessToken?: string;
  expiresAt?: number;
}

/**
 * Turn on, second half: the app's current code (±1 step) proves it holds the secret. The second
 * step is on from now; the answer carries the 10 recovery codes, shown this once (stored hashed).
 * Every other session ends in the same transaction (a session signed in without the second step
 * must not outlive it); the asking one stays, with a new access token, as after a password change.
 */
export async function enableTwoFactor(ctx: ServiceContext, input: EnableTwoFactorInput, keptFamilyId: string | null = null): Promise<TwoFactorEnabled> {
  const now = ctx.now();
  const keepFamily = keptFamilyId && (await liveFamilyStart(ctx.db, ctx.userId, keptFamilyId)) ? keptFamilyId : null;
  const enabled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, ctx.userId)).for('update').limit(1);
    if (!row) throw new AppError('CONFLICT', 'twoFactor.errors.notStarted');
    if (row.enabledAt) throw new AppError('CONFLICT', 'twoFactor.errors.alreadyOn');
    const secret = openTotpSecret(row.secretSealed);
    const step = secret ? totpStep(secret, input.code, now) : null;
    if (step === null) throw codeWrong();
    const recoveryCodes = newRecoveryCodes();
    await tx
      .update(userTwoFactor)
      .set({ enabledAt: now, lastUsedStep: step, recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode), updatedAt: now })
      .where(eq(userTwoFactor.userId, ctx.userId));
    const epoch = await endUserSessions(tx, ctx.userId, now, keepFamily);
    return { recoveryCodes, epoch };
  });
  if (!keepFamily) return { recoveryCodes: enabled.recoveryCodes };
  const access = await signAccessToken(ctx.userId, ctx.merchantId, now, { familyId: keepFamily, sessionEpoch: enabled.epoch });
  return { recoveryCodes: enabled.recoveryCodes, accessToken: access.token, expiresAt: access.expiresAt };
}

export function codeWrong(): AppError {
  return new AppError('BAD_REQUEST', 'twoFactor.errors.codeWrong', { fieldErrors: { code: 'twoFactor.errors.codeWrong' } });
}
