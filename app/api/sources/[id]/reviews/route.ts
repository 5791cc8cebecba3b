import { route } from '@/lib/api/route';
import { browseReviews } from '@/lib/sources/browse';
import { reviewsQuery, sourceIdParams } from '@/lib/sources/schema';

export const GET = route({ auth: 'user', params: sourceIdParams, query: reviewsQuery }, (ctx, { params, query }) => browseReviews(ctx, params.id, query.account, query.location, query.pageToken));
