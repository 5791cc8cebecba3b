'use server';

import { authedAction } from '@/lib/auth/authed-action';
import { getConversation } from './get-conversation';
import { listConversations } from './list-conversations';
import { conversationListSchema, conversationParams, processedSchema, replySchema } from './schema';
import { inboxVersion } from './inbox-version';
import { markRead, setProcessed } from './mark-conversation';
import { replyToConversation } from './reply-to-conversation';

export const listConversationsAction = authedAction(conversationListSchema, (s, q) => listConversations(s.ctx, q));

/** Opening a conversation reads it. */
export const openConversationAction = authedAction(conversationParams, async (s, { id }) => {
  const thread = await getConversation(s.ctx, id);
  await markRead(s.ctx, id);
  return thread;
});

export const replyAction = authedAction(replySchema, (s, input) => replyToConversation(s.ctx, input), { successKey: 'inbox.sent' });

export const setProcessedAction = authedAction(processedSchema, (s, input) => setProcessed(s.ctx, input));

export const inboxVersionAction = authedAction(conversationListSchema.pick({}), (s) => inboxVersion(s.ctx));
