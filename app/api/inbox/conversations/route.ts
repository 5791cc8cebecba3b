import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { listConversations } from '@/lib/inbox/list-conversations';
import { conversationListSchema } from '@/lib/inbox/schema';

/** GET /api/inbox/conversations?filter=all|email|sms|processed|unprocessed&keyword=&pageNum=&pageSize= */
export const GET = route({ auth: 'user', query: conversationListSchema }, (ctx, { query }) => listConversations(ctx, query));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
