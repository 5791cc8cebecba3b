import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { listTeam } from '@/lib/team/list-team';

/** GET /api/merchant/team: members and pending invitations (owner only, 403 for staff). */
export const GET = route({ auth: 'user' }, (ctx) => listTeam(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
