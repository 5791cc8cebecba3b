import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { listPosts } from '@/lib/posts/list-posts';
import { postInputSchema, postListQuerySchema } from '@/lib/posts/schema';
import { createPost } from '@/lib/posts/write-post';
import { POST_REQUEST_MAX_BYTES } from '@/lib/posts/limits';

// Reading needs no permission, as in the app (/posts shows staff the list read-only); writing does.
export const GET = route({ auth: 'user', query: postListQuerySchema }, (ctx, { query }) => listPosts(ctx, query));

export const POST = route({ auth: 'user', permission: POST_ADMIN_PERMISSION, body: postInputSchema, bodyLimit: POST_REQUEST_MAX_BYTES, successKey: 'posts.messages.created' }, (ctx, { body }) => createPost(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'POST');
export { notServed as PUT, notServed as PATCH, notServed as DELETE };
