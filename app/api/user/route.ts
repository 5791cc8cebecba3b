import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { deleteAccount } from '@/lib/auth/delete-account';
import { deleteAccountSchema } from '@/lib/auth/schema';
import { clientAddress } from '@/lib/http/client-address';

/** Deletes the account and all the merchant's data after the password is confirmed. */
export const DELETE = route({ auth: 'user', body: deleteAccountSchema, successKey: 'accounts.settings.deleted' }, async (ctx, { body, request }) => {
  await deleteAccount(ctx, body, clientAddress(request.headers));
  return null;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('DELETE');
export { notServed as GET, notServed as POST, notServed as PUT, notServed as PATCH };
