import { route } from '@/lib/api/route';
import { deleteAccount } from '@/lib/auth/delete-account';
import { deleteAccountSchema } from '@/lib/auth/schema';

/** Deletes the account and all the merchant's data after the password is confirmed. */
export const DELETE = route({ auth: 'user', body: deleteAccountSchema, successKey: 'accounts.settings.deleted' }, async (ctx, { body }) => {
  await deleteAccount(ctx, body);
  return null;
});
