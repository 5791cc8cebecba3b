'use server';

import { getCampaign } from '@/lib/campaigns/service';
import { z } from 'zod';
import { templateCategories } from '@/db/schema/templates';
import { authedAction } from '@/lib/auth/authed-action';
import { draftTemplate } from '@/lib/ai/draft-template';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { exampleSentMessage, withoutTracking } from '@/lib/sending/sent-message';
import { templateBodySchema } from './schema';
import { createTemplate, deleteTemplate, updateTemplate } from './service';
import { campaignTemplateVersion } from './versions';

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


export const draftTemplateAction = authedAction(
  z.object({ category: z.enum(templateCategories), type: z.union([z.literal(0), z.literal(1)]), locale: z.enum(['zh-CN', 'en-US', 'zh-HK']) }),
  ({ user }, input) => draftTemplate({ ...input, merchantName: user.merchantName }),
);

/**
 * The campaign details' message: the template version the campaign sends (and whether the template
 * changed since), and one message as it was sent, tracking taken out so looking is no open or click.
 */
export const getCampaignMessageAction = authedAction(z.object({ campaignId: z.number().int().positive() }), async ({ ctx }, { campaignId }) => {
  // Another merchant's campaign answers 404 like a missing one.
  await getCampaign(ctx, campaignId);
  const [version, sent] = await Promise.all([campaignTemplateVersion(ctx.db, ctx.merchantId, campaignId), exampleSentMessage(ctx.db, ctx.merchantId, campaignId)]);
  return {
    version: version && { ...version, content: sanitizeRichHtml(version.content) },
    sent: sent && { ...sent, html: sent.html === null ? null : sanitizeRichHtml(withoutTracking(sent.html)) },
  };
});
