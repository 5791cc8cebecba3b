import { notAllowed } from '@/lib/api/not-allowed';
import { AppError } from '@/lib/errors/app-error';
import { route } from '@/lib/api/route';
import { confirmServiceEmail } from '@/lib/merchant/service-email';
import { confirmServiceEmailSchema } from '@/lib/merchant/schema';

/** The link's token (public): marks the service e-mail Success. */
export const POST = route({ auth: 'public', body: confirmServiceEmailSchema, successKey: 'accounts.verifyEmail.success' }, async (ctx, { body }) => {
  const result = await confirmServiceEmail(ctx.db, body.token, ctx.now());
  if (!result.ok) throw new AppError('BAD_REQUEST', result.reason === 'expired' ? 'accounts.verifyEmail.expired' : 'accounts.verifyEmail.invalid');
  return { email: result.email };
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
