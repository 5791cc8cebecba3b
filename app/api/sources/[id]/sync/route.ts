import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { syncSource } from '@/lib/sources/sync';
import { sourceIdParams } from '@/lib/sources/schema';

export const POST = route({ auth: 'user', params: sourceIdParams, successKey: 'sources.synced' }, (ctx, { params }) => syncSource(ctx.db, ctx.merchantId, params.id, { now: ctx.now }));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
