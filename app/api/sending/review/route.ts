import { route } from '@/lib/api/route';
import { resolveReviewSchema } from '@/lib/sending/schema';
import { resolveReview } from '@/lib/sending/summary';

/** POST /api/sending/review {deliveryId, verdict: sent|resend}: resolve a delivery in review. */
export const POST = route({ auth: 'user', body: resolveReviewSchema }, (ctx, { body }) => resolveReview(ctx, body));
