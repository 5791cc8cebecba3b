import { route } from '@/lib/api/route';
import { listReviews } from '@/lib/reviews/query';
import { addManualReview } from '@/lib/reviews/manual';
import { manualReviewSchema, reviewFilterSchema } from '@/lib/reviews/schema';

export const GET = route({ auth: 'user', query: reviewFilterSchema }, (ctx, { query }) => listReviews(ctx, query));
export const POST = route({ auth: 'user', body: manualReviewSchema, successKey: 'reviews.added' }, (ctx, { body }) => addManualReview(ctx, body));
