import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { inboxVersion } from '@/lib/inbox/inbox-version';

/** GET /api/inbox/version: the newest change and the unread total, for polling clients. */
export const GET = route({ auth: 'user' }, (ctx) => inboxVersion(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
