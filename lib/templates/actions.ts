'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { templateBodySchema } from './schema';
import { deleteTemplate } from './delete-template';
import { createTemplate, updateTemplate } from './save-template';

const saveSchema = templateBodySchema.extend({ templateId: z.number().int().positive().nullish() });

/** Create (no templateId) or update; the same service as the API, so the same rules. */
export const saveTemplateAction = authedAction(
  saveSchema,
  ({ ctx }, { templateId, ...body }) => (templateId ? updateTemplate(ctx, templateId, body) : createTemplate(ctx, body)),
  { successKey: 'templates.saved' },
);

export const deleteTemplateAction = authedAction(z.object({ id: z.number().int().positive() }), async ({ ctx }, { id }) => {
  await deleteTemplate(ctx, id);
  return { id };
}, { successKey: 'templates.deleted' });
