'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { translatorFor } from '@/lib/i18n/translator';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { exampleSentMessage, withoutTracking } from '@/lib/sending/sent-message';
import { campaignTemplateVersion } from '@/lib/templates/versions';
import { forecastCampaign } from './forecast';
import { previewMessage } from './preview';
import { campaignActionQuerySchema, campaignSaveSchema, forecastInputSchema, listQuerySchema, previewInputSchema, snapshotInputSchema, snapshotPageSchema } from './schema';
import { deleteCampaign } from './delete-campaign';
import { getCampaign } from './get-campaign';
import { listCampaigns } from './list-campaigns';
import { createCampaign, updateCampaign } from './save-campaign';
import { createSnapshot, pageSnapshot } from './snapshots';
import { statusActions } from './state-machine';
import { runCampaignAction } from './transitions';

/** The campaign pages' calls: the same services and schemas as /api/campaign. */
export const listCampaignsAction = authedAction(listQuerySchema, (s, input) => listCampaigns(s.ctx, input));

/** Save: create a draft, or update the draft with campaignId. */
export const saveCampaignAction = authedAction(
  campaignSaveSchema,
  (s, input) => (input.campaignId ? updateCampaign(s.ctx, { ...input, campaignId: input.campaignId }) : createCampaign(s.ctx, input)),
  { successKey: 'campaigns.messages.saved' },
);

const actionSchema = campaignActionQuerySchema.extend({ id: z.number().int().positive(), action: z.enum(statusActions) });

// The server's own message of what was done (sent, scheduled, paused...), in the user's language:
// the list shows it, and its default only when none came (spec: the server message, or a default).
export const campaignStatusAction = authedAction(actionSchema, async (s, { id, action, confirm }) => ({
  record: await runCampaignAction(s.ctx, id, action, { confirmComplaintRate: confirm === 'complaintRate' }),
  messageKey: `campaigns.messages.${action}`,
  message: translatorFor(s.ctx.locale)(`campaigns.messages.${action}`),
}));

export const deleteCampaignsAction = authedAction(z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }), async (s, { ids }) => {
  const deleted: number[] = [];
  const refused: number[] = [];
  for (const id of ids) {
    try {
      await deleteCampaign(s.ctx, id);
      deleted.push(id);
    } catch {
      refused.push(id);
    }
  }
  return { deleted, refused };
});

export const createSnapshotAction = authedAction(snapshotInputSchema, (s, input) => createSnapshot(s.ctx, input));

export const pageSnapshotAction = authedAction(z.intersection(z.object({ snapshotId: z.number().int().positive() }), snapshotPageSchema), (s, { snapshotId, ...page }) => pageSnapshot(s.ctx, snapshotId, page));

export const previewMessageAction = authedAction(z.intersection(z.object({ channel: z.union([z.literal(0), z.literal(1)]) }), previewInputSchema), (s, { channel, ...input }) => previewMessage(s.ctx, channel, input));

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

/** The request form's forecast panel. */
export const forecastAction = authedAction(forecastInputSchema, (session, input) => forecastCampaign(session.ctx, input));
