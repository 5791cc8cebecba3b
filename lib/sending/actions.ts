'use server';

import { z } from 'zod';
import { authedAction } from '@/lib/auth/authed-action';
import { campaignIdParams, resolveReviewSchema, reviewCountsSchema, sendingSettingsSchema } from './schema';
import { campaignReviews, markAllReviewsSent, reviewCounts } from './review';
import { getSendingSettings, updateSendingSettings } from './settings';
import { campaignDeliverySummary, resolveReview } from './summary';
import { userRole } from '@/lib/auth/user-role';

/** The campaign details dialog: delivery counts and problems. */
export const deliverySummaryAction = authedAction(campaignIdParams, (session, input) => campaignDeliverySummary(session.ctx, input.id));

/**
 * The review of deliveries nobody can confirm: the list's counts, the dialog's rows, a person's
 * verdict on one, and "mark all as sent" (no permission: any member may run campaigns).
 */
export const reviewCountsAction = authedAction(reviewCountsSchema, (session, input) => reviewCounts(session.ctx, input.campaignIds));
export const campaignReviewsAction = authedAction(campaignIdParams, (session, input) => campaignReviews(session.ctx, input.id));
export const resolveReviewAction = authedAction(resolveReviewSchema, (session, input) => resolveReview(session.ctx, input), { successKey: 'sending.review.resolved' });
export const markAllReviewsSentAction = authedAction(campaignIdParams, (session, input) => markAllReviewsSent(session.ctx, input.id), { successKey: 'sending.review.allMarked' });

/** The merchant's sending settings (the frequency cap), read and saved from the campaigns page. */
// `editable`: the dialog shows the owner a form and staff the rule (updateSendingSettings refuses them).
export const sendingSettingsAction = authedAction(z.object({}), async (session) => ({ ...(await getSendingSettings(session.ctx)), editable: (await userRole(session.ctx)) === 'owner' }));
export const saveSendingSettingsAction = authedAction(sendingSettingsSchema, (session, input) => updateSendingSettings(session.ctx, input), { successKey: 'campaigns.sendingSettings.saved' });
