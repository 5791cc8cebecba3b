import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { removeMember } from '@/lib/team/members';
import { teamIdParamsSchema } from '@/lib/team/schema';

/** DELETE /api/merchant/team/member/{id}: removes a staff member; their tokens answer 401 at once. */
export const DELETE = route({ auth: 'user', params: teamIdParamsSchema, successKey: 'team.messages.removed' }, (ctx, { params }) => removeMember(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('DELETE');
export { notServed as GET, notServed as POST, notServed as PUT, notServed as PATCH };
