import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { resolveReviewSchema } from '@/lib/sending/schema';
import { resolveReview } from '@/lib/sending/summary';

/** POST /api/sending/review {deliveryId, verdict: sent|resend}: resolve a delivery in review. */
export const POST = route({ auth: 'user', body: resolveReviewSchema }, (ctx, { body }) => resolveReview(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
