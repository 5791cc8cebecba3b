'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { savePostSchema } from './schema';
import { deletePost, savePost } from './write-post';

/** The editor's save, publish and unpublish buttons. */
export const savePostAction = authedAction(savePostSchema, (session, input) => savePost(session.ctx, input), { permission: POST_ADMIN_PERMISSION });

export const deletePostAction = authedAction(z.object({ id: z.number().int().positive() }), (session, { id }) => deletePost(session.ctx, id), {
  permission: POST_ADMIN_PERMISSION,
  successKey: 'posts.messages.deleted',
});
