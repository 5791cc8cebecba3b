import { route } from '@/lib/api/route';
import { campaignActionQuerySchema, idParams } from '@/lib/campaigns/schema';
import type { StatusAction } from '@/lib/campaigns/state-machine';
import { runCampaignAction } from '@/lib/campaigns/transitions';

/** POST /campaign/{id}/{action}, no body (spec section 7); the success msg names what happened. */
export function actionRoute(action: StatusAction) {
  return route({ auth: 'user', params: idParams, query: campaignActionQuerySchema, successKey: `campaigns.messages.${action}` }, (ctx, { params, query }) =>
    runCampaignAction(ctx, params.id, action, { confirmComplaintRate: query.confirm === 'complaintRate' }),
  );
}
