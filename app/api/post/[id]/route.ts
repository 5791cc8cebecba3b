import { route } from '@/lib/api/route';
import { getPublishedPost } from '@/lib/posts/public-posts';
import { publicIdParamsSchema } from '@/lib/posts/schema';

/** Public: one published article by its public id (no token); drafts answer 404. */
export const GET = route({ auth: 'public', params: publicIdParamsSchema }, (ctx, { params }) => getPublishedPost(ctx, params.id));
