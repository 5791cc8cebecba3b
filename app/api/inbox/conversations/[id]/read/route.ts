import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { getConversation } from '@/lib/inbox/get-conversation';
import { conversationParams } from '@/lib/inbox/schema';
import { markRead } from '@/lib/inbox/mark-conversation';

/** POST /api/inbox/conversations/{id}/read: clears the unread count. */
export const POST = route({ auth: 'user', params: conversationParams }, async (ctx, { params }) => {
  await getConversation(ctx, params.id);
  await markRead(ctx, params.id);
  return null;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
