import { route } from '@/lib/api/route';
import { getConversation } from '@/lib/inbox/queries';
import { conversationParams } from '@/lib/inbox/schema';
import { markRead } from '@/lib/inbox/service';

/** POST /api/inbox/conversations/{id}/read: clears the unread count. */
export const POST = route({ auth: 'user', params: conversationParams }, async (ctx, { params }) => {
  await getConversation(ctx, params.id);
  await markRead(ctx, params.id);
  return null;
});
