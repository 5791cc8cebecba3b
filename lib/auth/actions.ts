'use server';

import { authedAction, type ActionResult } from '@/lib/actions/action';
import { signOut } from './auth';
import { deleteAccount } from './delete-account';
import { deleteAccountSchema } from './schema';

const deleteAccountChecked = authedAction(deleteAccountSchema, (s, input) => deleteAccount(s.ctx, input));

/**
 * Settings → delete account: the password, then the user and the merchant's data go in one
 * transaction; the browser's session cookie is cleared and the page lands on /login.
 */
export async function deleteAccountAction(input: { password: string }): Promise<ActionResult<void>> {
  const result = await deleteAccountChecked(input);
  if (result.ok) await signOut({ redirectTo: '/login' });
  return result;
}
