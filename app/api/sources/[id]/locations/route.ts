import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { browseLocations } from '@/lib/sources/browse';
import { locationsQuery, sourceIdParams } from '@/lib/sources/schema';

export const GET = route({ auth: 'user', params: sourceIdParams, query: locationsQuery }, (ctx, { params, query }) => browseLocations(ctx, params.id, query.account, query.pageToken));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
