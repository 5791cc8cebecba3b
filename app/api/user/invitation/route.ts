import { notAllowed } from '@/lib/api/not-allowed';
import { AppError } from '@/lib/errors/app-error';
import { route } from '@/lib/api/route';
import { INVITATION_REFUSALS, readInvitation } from '@/lib/team/accept-invitation';
import { invitationTokenSchema } from '@/lib/team/schema';

/** POST /api/user/invitation (public): `{ token }` answers the invited e-mail and the merchant. */
export const POST = route({ auth: 'public', body: invitationTokenSchema }, async (ctx, { body }) => {
  const state = await readInvitation(ctx.db, body.token, ctx.now());
  if (!state.ok) throw new AppError(state.reason === 'registered' ? 'EMAIL_EXISTS' : 'BAD_REQUEST', INVITATION_REFUSALS[state.reason], { details: { reason: state.reason } });
  return state.invitation;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
