import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { resetPassword } from '@/lib/auth/password-reset';
import { resetPasswordSchema } from '@/lib/auth/password-schema';

/** Sets a new password with a reset link's token; every session of the user ends. */
export const POST = route({ auth: 'public', body: resetPasswordSchema, successKey: 'accounts.password.resetDone' }, async (ctx, { body }) => {
  await resetPassword(ctx, body);
  return null;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
