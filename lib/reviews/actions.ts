'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { deleteReply, saveReply } from './reply';
import { draftReply } from './drafts';
import { addManualReview, deleteManualReview, setEmployeeTag } from './manual';
import { employeeTagSchema, manualReviewSchema, replySchema } from './schema';

const id = z.object({ id: z.number().int().positive() });

export const saveReplyAction = authedAction(replySchema.extend({ id: z.number().int().positive() }), (s, i) => saveReply(s.ctx, i.id, i.comment), { successKey: 'reviews.reply.posted' });
export const deleteReplyAction = authedAction(id, (s, i) => deleteReply(s.ctx, i.id), { successKey: 'reviews.reply.deleted' });
export const draftReplyAction = authedAction(id, (s, i) => draftReply(s.ctx, i.id));
export const addReviewAction = authedAction(manualReviewSchema, (s, i) => addManualReview(s.ctx, i), { successKey: 'reviews.added' });
export const deleteReviewAction = authedAction(id, (s, i) => deleteManualReview(s.ctx, i.id), { successKey: 'reviews.deleted' });
export const setEmployeeTagAction = authedAction(employeeTagSchema.extend({ id: z.number().int().positive() }), (s, i) => setEmployeeTag(s.ctx, i.id, { employeeTag: i.employeeTag }), { successKey: 'reviews.tagSaved' });
