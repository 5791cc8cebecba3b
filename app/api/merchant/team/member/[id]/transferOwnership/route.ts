import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { transferOwnership } from '@/lib/team/members';
import { teamIdParamsSchema } from '@/lib/team/schema';

/** POST /api/merchant/team/member/{id}/transferOwnership: the member becomes the owner, the caller staff. */
export const POST = route({ auth: 'user', params: teamIdParamsSchema, successKey: 'team.messages.transferred' }, (ctx, { params }) => transferOwnership(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
