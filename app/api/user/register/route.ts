import { notAllowed } from '@/lib/api/not-allowed';
import crypto from 'node:crypto';
import { route } from '@/lib/api/route';
import { registerAccount } from '@/lib/merchant/registration';
import { registerSchema } from '@/lib/auth/schema';
import { issueTokenPair } from '@/lib/auth/token-pairs';
import { loadSignedInUser } from '@/lib/auth/signed-in-user';

/** Creates the user and the merchant from a verification token; answers a signed-in token pair. */
export const POST = route({ auth: 'public', body: registerSchema }, async (ctx, { body }) => {
  const account = await registerAccount(ctx, body);
  const pair = await issueTokenPair(ctx.db, account.userId, account.merchantId, ctx.now(), crypto.randomUUID());
  return { ...pair, user: await loadSignedInUser(ctx.db, account.userId) };
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
