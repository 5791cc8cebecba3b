import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { resendInvitation } from '@/lib/team/invitations';
import { teamIdParamsSchema } from '@/lib/team/schema';

/** POST /api/merchant/team/invitation/{id}/resend: a new link and 7 more days; the old link dies. */
export const POST = route({ auth: 'user', params: teamIdParamsSchema, successKey: 'team.messages.resent' }, (ctx, { params }) => resendInvitation(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
