import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { disconnectSource } from '@/lib/sources/connect';
import { sourceIdParams } from '@/lib/sources/schema';

export const POST = route({ auth: 'user', params: sourceIdParams, successKey: 'sources.disconnected' }, (ctx, { params }) => disconnectSource(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
