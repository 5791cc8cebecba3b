import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { browseReviews } from '@/lib/sources/browse';
import { reviewsQuery, sourceIdParams } from '@/lib/sources/schema';

export const GET = route({ auth: 'user', params: sourceIdParams, query: reviewsQuery }, (ctx, { params, query }) => browseReviews(ctx, params.id, query.account, query.location, query.pageToken));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
