import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { requestUpgrade } from '@/lib/billing/request-upgrade';
import { upgradeRequestSchema } from '@/lib/billing/schema';

/** POST /api/billing/upgrade-request {plan, message?}: the owner asks the operator for a plan (owner only). */
export const POST = route({ auth: 'user', body: upgradeRequestSchema, successKey: 'billing.sent' }, (ctx, { body }) => requestUpgrade(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
