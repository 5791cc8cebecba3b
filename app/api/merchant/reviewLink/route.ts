import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { listReviewLinks } from '@/lib/review-links/list-review-links';
import { createReviewLinkSchema, listReviewLinksQuerySchema } from '@/lib/review-links/schema';
import { createReviewLink } from '@/lib/review-links/write-review-link';

/** GET /api/merchant/reviewLink?locationId=: a location's review links and QR codes, with their scans. */
export const GET = route({ auth: 'user', query: listReviewLinksQuerySchema }, (ctx, { query }) => listReviewLinks(ctx, query));

/** POST /api/merchant/reviewLink: a new code for the location, a team member or an employee name (owner only). */
export const POST = route({ auth: 'user', body: createReviewLinkSchema, successKey: 'reviewLinks.messages.created' }, (ctx, { body }) => createReviewLink(ctx, body));

const other = notAllowed('GET', 'POST');
export { other as PUT, other as PATCH, other as DELETE };
