import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { deleteReply, saveReply } from '@/lib/reviews/reply';
import { idParams, replySchema } from '@/lib/reviews/schema';

export const PUT = route({ auth: 'user', params: idParams, body: replySchema, successKey: 'reviews.reply.posted' }, (ctx, { params, body }) => saveReply(ctx, params.id, body.comment));
export const DELETE = route({ auth: 'user', params: idParams, successKey: 'reviews.reply.deleted' }, (ctx, { params }) => deleteReply(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('PUT', 'DELETE');
export { notServed as GET, notServed as POST, notServed as PATCH };
