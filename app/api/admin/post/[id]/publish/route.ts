import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { postIdParamsSchema } from '@/lib/posts/schema';
import { publishPost } from '@/lib/posts/write-post';

export const POST = route({ auth: 'user', permission: POST_ADMIN_PERMISSION, params: postIdParamsSchema, successKey: 'posts.messages.published' }, (ctx, { params }) => publishPost(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
