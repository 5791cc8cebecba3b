import crypto from 'node:crypto';
import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { issueTokenPair } from '@/lib/auth/token-pairs';
import { loadSignedInUser } from '@/lib/auth/signed-in-user';
import { acceptInvitation } from '@/lib/team/accept-invitation';
import { acceptInvitationSchema } from '@/lib/team/schema';

/** POST /api/user/invitation/accept (public): the link's token, a name and a password; answers a signed-in pair. */
export const POST = route({ auth: 'public', body: acceptInvitationSchema, successKey: 'team.accept.done' }, async (ctx, { body }) => {
  const account = await acceptInvitation(ctx, body);
  const pair = await issueTokenPair(ctx.db, account.userId, account.merchantId, ctx.now(), crypto.randomUUID());
  return { ...pair, user: await loadSignedInUser(ctx.db, account.userId) };
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
