import { route } from '@/lib/api/route';
import { conversationParams, replyBodySchema } from '@/lib/inbox/schema';
import { replyToConversation } from '@/lib/inbox/service';

/** POST /api/inbox/conversations/{id}/reply {channel: email|sms, subject?, text} */
export const POST = route({ auth: 'user', params: conversationParams, body: replyBodySchema, successKey: 'inbox.sent' }, (ctx, { params, body }) =>
  replyToConversation(ctx, { ...body, conversationId: params.id }),
);
