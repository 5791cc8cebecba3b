import { route } from '@/lib/api/route';
import { listConversations } from '@/lib/inbox/queries';
import { conversationListSchema } from '@/lib/inbox/schema';

/** GET /api/inbox/conversations?filter=all|email|sms|processed|unprocessed&keyword=&pageNum=&pageSize= */
export const GET = route({ auth: 'user', query: conversationListSchema }, (ctx, { query }) => listConversations(ctx, query));
