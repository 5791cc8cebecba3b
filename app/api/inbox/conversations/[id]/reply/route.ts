import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { conversationParams, replyBodySchema } from '@/lib/inbox/schema';
import { replyToConversation } from '@/lib/inbox/reply-to-conversation';

/** POST /api/inbox/conversations/{id}/reply {channel: email|sms, subject?, text} */
export const POST = route({ auth: 'user', params: conversationParams, body: replyBodySchema, successKey: 'inbox.sent' }, (ctx, { params, body }) =>
  replyToConversation(ctx, { ...body, conversationId: params.id }),
);

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
