import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { downloadReviewCard } from '@/lib/review-links/download-card';
import { reviewCardQuerySchema, reviewLinkIdParamsSchema } from '@/lib/review-links/schema';

/** GET /api/merchant/reviewLink/{id}/card?format=png|pdf&size=a6|business&accent=: the QR code or the printable card. */
export const GET = route({ auth: 'user', params: reviewLinkIdParamsSchema, query: reviewCardQuerySchema }, (ctx, { params, query }) => downloadReviewCard(ctx, params.id, query));

const other = notAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
