'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/actions/action';
import { forecastCampaign } from './forecast';
import { campaignIdParams, forecastInputSchema, resolveReviewSchema, sendingSettingsSchema } from './schema';
import { getSendingSettings, updateSendingSettings } from './settings';
import { campaignDeliverySummary, resolveReview } from './summary';

/** The request form's forecast panel. */
export const forecastAction = authedAction(forecastInputSchema, (session, input) => forecastCampaign(session.ctx, input));

/** The campaign details dialog: delivery counts and problems. */
export const deliverySummaryAction = authedAction(campaignIdParams, (session, input) => campaignDeliverySummary(session.ctx, input.id));

/** A person's verdict on a delivery in review. */
export const resolveReviewAction = authedAction(resolveReviewSchema, (session, input) => resolveReview(session.ctx, input), { successKey: 'common.success' });

/** The merchant's sending settings (the frequency cap), read and saved from the campaigns page. */
export const sendingSettingsAction = authedAction(z.object({}), (session) => getSendingSettings(session.ctx));
export const saveSendingSettingsAction = authedAction(sendingSettingsSchema, (session, input) => updateSendingSettings(session.ctx, input), { successKey: 'campaigns.sendingSettings.saved' });
