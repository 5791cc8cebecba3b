import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { browseAccounts } from '@/lib/sources/browse';
import { pageTokenQuery, sourceIdParams } from '@/lib/sources/schema';

export const GET = route({ auth: 'user', params: sourceIdParams, query: pageTokenQuery }, (ctx, { params, query }) => browseAccounts(ctx, params.id, query.pageToken));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
