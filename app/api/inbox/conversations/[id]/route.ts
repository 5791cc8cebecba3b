import { route } from '@/lib/api/route';
import { getConversation } from '@/lib/inbox/queries';
import { conversationParams } from '@/lib/inbox/schema';

/** GET /api/inbox/conversations/{id}: the thread and the customer panel. */
export const GET = route({ auth: 'user', params: conversationParams }, (ctx, { params }) => getConversation(ctx, params.id));
