import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { getPost } from '@/lib/posts/get-post';
import { postIdParamsSchema, postInputSchema } from '@/lib/posts/schema';
import { deletePost, updatePost } from '@/lib/posts/write-post';
import { POST_REQUEST_MAX_BYTES } from '@/lib/posts/limits';

const base = { auth: 'user', permission: POST_ADMIN_PERMISSION, params: postIdParamsSchema } as const;

// Reading needs no permission, as in the app (staff preview drafts read-only); writing does.
export const GET = route({ auth: 'user', params: postIdParamsSchema }, (ctx, { params }) => getPost(ctx, params.id));

export const PUT = route({ ...base, body: postInputSchema, bodyLimit: POST_REQUEST_MAX_BYTES, successKey: 'posts.messages.saved' }, (ctx, { params, body }) => updatePost(ctx, params.id, body));

export const DELETE = route({ ...base, successKey: 'posts.messages.deleted' }, (ctx, { params }) => deletePost(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'PUT', 'DELETE');
export { notServed as POST, notServed as PATCH };
