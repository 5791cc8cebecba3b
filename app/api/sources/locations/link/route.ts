import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { linkLocation } from '@/lib/sources/link';
import { linkSchema } from '@/lib/sources/schema';

export const POST = route({ auth: 'user', body: linkSchema, successKey: 'sources.linked' }, (ctx, { body }) => linkLocation(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
