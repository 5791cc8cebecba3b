import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { reviewsWorkbook } from '@/lib/reviews/report';
import { reviewFilterSchema } from '@/lib/reviews/schema';
import { dayIn } from '@/lib/time/format';

/** The filtered reviews as an .xlsx download (a summary sheet and the reviews). */
export const GET = route({ auth: 'user', query: reviewFilterSchema }, async (ctx, { query }) => {
  const buffer = await reviewsWorkbook(ctx, query);
  const name = `reviews-${dayIn(ctx.now())}.xlsx`;
  return new Response(new Uint8Array(buffer), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    },
  });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
