import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { rotateServiceEmailKey } from '@/lib/deliverability/sender-domain';

/** The owner replaces our DKIM key of the service e-mail's domain; answers the domain checked again (the new selector to publish). */
export const POST = route({ auth: 'user', successKey: 'deliverability.rotated' }, async (ctx) => ({ report: await rotateServiceEmailKey(ctx) }));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
