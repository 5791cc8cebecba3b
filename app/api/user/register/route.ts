import crypto from 'node:crypto';
import { route } from '@/lib/api/route';
import { registerAccount } from '@/lib/auth/registration';
import { registerSchema } from '@/lib/auth/schema';
import { issueTokenPair, loadSignedInUser } from '@/lib/auth/service';

/** Creates the user and the merchant from a verification token; answers a signed-in token pair. */
export const POST = route({ auth: 'public', body: registerSchema }, async (ctx, { body }) => {
  const account = await registerAccount(ctx, body);
  const pair = await issueTokenPair(ctx.db, account.userId, account.merchantId, ctx.now(), crypto.randomUUID());
  return { ...pair, user: await loadSignedInUser(ctx.db, account.userId) };
});
