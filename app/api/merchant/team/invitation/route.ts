import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { inviteMember } from '@/lib/team/invitations';
import { inviteSchema } from '@/lib/team/schema';

/** POST /api/merchant/team/invitation: e-mails a 7-day, single-use link (owner only). */
export const POST = route({ auth: 'user', body: inviteSchema, successKey: 'team.messages.invited' }, (ctx, { body }) => inviteMember(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
