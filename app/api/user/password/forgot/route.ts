import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { forgotPasswordSchema } from '@/lib/auth/password-schema';

/**
 * Forgot password: mails a reset link when the e-mail signs in to an account. The same answer
 * either way; 429 after 5 requests an hour for the e-mail or for the address.
 */
export const POST = route({ auth: 'public', body: forgotPasswordSchema, successKey: 'accounts.password.forgotSent' }, async (ctx, { body }) => {
  await requestPasswordReset(ctx, body);
  return null;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
