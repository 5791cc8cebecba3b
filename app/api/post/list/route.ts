import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { listPublishedPosts } from '@/lib/posts/public-posts';
import { publicPostListQuerySchema } from '@/lib/posts/schema';

/** Public: a merchant's published articles (no token). */
export const GET = route({ auth: 'public', query: publicPostListQuerySchema }, (ctx, { query }) => listPublishedPosts(ctx, query));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
