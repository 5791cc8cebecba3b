import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { revokeInvitation } from '@/lib/team/invitations';
import { teamIdParamsSchema } from '@/lib/team/schema';

/** DELETE /api/merchant/team/invitation/{id}: withdraws the invitation; its link stops working. */
export const DELETE = route({ auth: 'user', params: teamIdParamsSchema, successKey: 'team.messages.revoked' }, (ctx, { params }) => revokeInvitation(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('DELETE');
export { notServed as GET, notServed as POST, notServed as PUT, notServed as PATCH };
