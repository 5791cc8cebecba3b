import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { setReviewLinkEnabledSchema } from '@/lib/review-links/schema';
import { setReviewLinkEnabled } from '@/lib/review-links/write-review-link';

/** PUT /api/merchant/reviewLink/status {id, enabled}: turns a code off or on (owner only). */
export const PUT = route({ auth: 'user', body: setReviewLinkEnabledSchema }, (ctx, { body }) => setReviewLinkEnabled(ctx, body));

const other = notAllowed('PUT');
export { other as GET, other as POST, other as PATCH, other as DELETE };
