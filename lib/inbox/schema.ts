import { z } from 'zod';
import { inboxFilters } from './filters';
import { MAX_REPLY_TEXT_LENGTH } from './limits';
import { MAX_REPLY_SUBJECT_LENGTH } from './reply-subject';
import { rowId } from '@/lib/validation/ids';
import { pageNumber, pageSizeOf } from '@/lib/validation/paging';

// Client components import these from ./filters instead: this module would bring zod into their pages.
export { inboxFilters } from './filters';

const id = rowId();

export const conversationListSchema = z.object({
  filter: z.enum(inboxFilters, 'validation.invalidValue').default('all'),
  keyword: z.string().trim().max(100, 'validation.tooLong').optional().default(''),
  pageNum: pageNumber(),
  pageSize: pageSizeOf({ max: 100, default: 20 }),
});
export type ConversationListQuery = z.infer<typeof conversationListSchema>;

export const conversationParams = z.object({ id });

/** The reply form's fields; the API takes the conversation from the path, the action from the form. */
export const replyBodySchema = z.object({
  channel: z.enum(['email', 'sms'], 'validation.invalidValue'),
  // One header line: a CR or LF inside would start another header (header injection).
  subject: z
    .string('validation.invalidType')
    .trim()
    .max(MAX_REPLY_SUBJECT_LENGTH, 'validation.tooLong')
    .refine((v) => !/[\r\n]/.test(v), 'inbox.errors.subjectLineBreak')
    .optional(),
  text: z.string('validation.required').trim().min(1, 'inbox.errors.emptyReply').max(MAX_REPLY_TEXT_LENGTH, 'validation.tooLong'),
});
export const replySchema = replyBodySchema.extend({ conversationId: id });
export type ReplyInput = z.infer<typeof replySchema>;

export const processedBodySchema = z.object({ processed: z.boolean('validation.invalidType') });
export const processedSchema = processedBodySchema.extend({ conversationId: id });
