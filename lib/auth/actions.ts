'use server';

import { authedAction, type ActionResult } from '@/lib/auth/authed-action';
import { headers } from 'next/headers';
import { clientAddress } from '@/lib/http/client-address';
import { signOut, updateSession } from './auth';
import { changePassword, signOutEverywhere } from './password-change';
import { changePasswordSchema, signOutEverywhereSchema, type ChangePasswordInput, type SignOutEverywhereInput } from './password-schema';
import { sessionFamilyId } from './session-token';
import { deleteAccount } from './delete-account';
import { deleteAccountSchema } from './schema';

const deleteAccountChecked = authedAction(deleteAccountSchema, async (s, input) => deleteAccount(s.ctx, input, clientAddress(await headers())));

/**
 * Settings → delete account: the password, then the user and the merchant's data go in one
 * transaction; the browser's session cookie is cleared and the page lands on /login.
 */
export async function deleteAccountAction(input: { password: string }): Promise<ActionResult<void>> {
  const result = await deleteAccountChecked(input);
  if (result.ok) await signOut({ redirectTo: '/login' });
  return result;
}

const changePasswordChecked = authedAction(
  changePasswordSchema,
  async (s, input) => {
    const familyId = await sessionFamilyId(s.ctx.db, s.ctx.userId);
    const kept = await changePassword(s.ctx, input, { familyId, ip: clientAddress(await headers()) });
    // This browser stays signed in: its cookie takes the new epoch's access token.
    if (kept) await updateSession({ accessToken: kept.accessToken } as never);
    return null;
  },
  { successKey: 'accounts.password.changed' },
);

/** Settings → change password: the other sessions end, this one stays. */
export async function changePasswordAction(input: ChangePasswordInput): Promise<ActionResult<null>> {
  return changePasswordChecked(input);
}

const signOutEverywhereChecked = authedAction(signOutEverywhereSchema, (s) => signOutEverywhere(s.ctx));

/** Settings → sign out everywhere: every session ends, this one too, and the page lands on /login. */
export async function signOutEverywhereAction(input: SignOutEverywhereInput): Promise<ActionResult<void>> {
  const result = await signOutEverywhereChecked(input);
  if (result.ok) await signOut({ redirectTo: '/login' });
  return result;
}
