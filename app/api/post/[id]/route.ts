import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { getPublishedPost } from '@/lib/posts/public-posts';
import { publicIdParamsSchema } from '@/lib/posts/schema';

/** Public: one published article by its public id (no token); drafts answer 404. */
export const GET = route({ auth: 'public', params: publicIdParamsSchema }, (ctx, { params }) => getPublishedPost(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
