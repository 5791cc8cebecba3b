import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { getConversation } from '@/lib/inbox/get-conversation';
import { conversationParams } from '@/lib/inbox/schema';

/** GET /api/inbox/conversations/{id}: the thread and the customer panel. */
export const GET = route({ auth: 'user', params: conversationParams }, (ctx, { params }) => getConversation(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
