import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { listReviews } from '@/lib/reviews/list-reviews';
import { addManualReview } from '@/lib/reviews/manual';
import { manualReviewSchema, reviewFilterSchema } from '@/lib/reviews/schema';

export const GET = route({ auth: 'user', query: reviewFilterSchema }, (ctx, { query }) => listReviews(ctx, query));
export const POST = route({ auth: 'user', body: manualReviewSchema, successKey: 'reviews.added' }, (ctx, { body }) => addManualReview(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'POST');
export { notServed as PUT, notServed as PATCH, notServed as DELETE };
