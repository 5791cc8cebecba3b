import { route } from '@/lib/api/route';
import { loadSignedInUser } from '@/lib/auth/service';
import { AppError } from '@/lib/api/app-error';
import { getSubscription } from '@/lib/subscription/service';

/** The signed-in user state of spec section 3, with the subscription status. */
export const GET = route({ auth: 'user' }, async (ctx) => {
  const user = await loadSignedInUser(ctx.db, ctx.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return { ...user, subscription: await getSubscription(ctx) };
});
