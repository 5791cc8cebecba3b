import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { refreshServiceEmailStatus } from '@/lib/merchant/service-email';

/** The refresh action: the current verification status (a stale Pending becomes Failed). */
export const GET = route({ auth: 'user' }, (ctx) => refreshServiceEmailStatus(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
