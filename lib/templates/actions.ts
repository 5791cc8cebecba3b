'use server';

import { z } from 'zod';
import { templateCategories } from '@/db/schema/templates';
import { authedAction } from '@/lib/actions/action';
import { draftTemplate } from '@/lib/ai/draft-template';
import { templateBodySchema } from './schema';
import { createTemplate, deleteTemplate, getTemplate, updateTemplate } from './service';

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

export const getTemplateAction = authedAction(z.object({ id: z.number().int().positive() }), ({ ctx }, { id }) => getTemplate(ctx, id));

export const draftTemplateAction = authedAction(
  z.object({ category: z.enum(templateCategories), type: z.union([z.literal(0), z.literal(1)]), locale: z.enum(['zh-CN', 'en-US', 'zh-HK']) }),
  ({ user }, input) => draftTemplate({ ...input, merchantName: user.merchantName }),
);
