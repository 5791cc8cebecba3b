import { route } from '@/lib/api/route';
import { listPublishedPosts } from '@/lib/posts/public-posts';
import { publicPostListQuerySchema } from '@/lib/posts/schema';

/** Public: a merchant's published articles (no token). */
export const GET = route({ auth: 'public', query: publicPostListQuerySchema }, (ctx, { query }) => listPublishedPosts(ctx, query));
