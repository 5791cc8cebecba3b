import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { loadSignedInUser } from '@/lib/auth/signed-in-user';
import { AppError } from '@/lib/errors/app-error';
import { getSubscription } from '@/lib/subscription/get-subscription';

/** The signed-in user state of spec section 3, with the subscription status. */
export const GET = route({ auth: 'user' }, async (ctx) => {
  const user = await loadSignedInUser(ctx.db, ctx.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return { ...user, subscription: await getSubscription(ctx) };
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
