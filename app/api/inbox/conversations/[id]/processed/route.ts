import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { conversationParams, processedBodySchema } from '@/lib/inbox/schema';
import { setProcessed } from '@/lib/inbox/mark-conversation';

/** PUT /api/inbox/conversations/{id}/processed {processed: boolean} */
export const PUT = route({ auth: 'user', params: conversationParams, body: processedBodySchema }, (ctx, { params, body }) => setProcessed(ctx, { conversationId: params.id, processed: body.processed }));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('PUT');
export { notServed as GET, notServed as POST, notServed as PATCH, notServed as DELETE };
