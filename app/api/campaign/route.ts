import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { campaignInputSchema, campaignUpdateSchema, listQuerySchema } from '@/lib/campaigns/schema';
import { listCampaigns } from '@/lib/campaigns/list-campaigns';
import { createCampaign, updateCampaign } from '@/lib/campaigns/save-campaign';

/** Spec section 7: POST /campaign answers the id; GET /campaign pages; PUT /campaign updates a draft. */
export const POST = route({ auth: 'user', body: campaignInputSchema, successKey: 'campaigns.messages.saved' }, (ctx, { body }) => createCampaign(ctx, body));
export const GET = route({ auth: 'user', query: listQuerySchema }, (ctx, { query }) => listCampaigns(ctx, query));
export const PUT = route({ auth: 'user', body: campaignUpdateSchema, successKey: 'campaigns.messages.updated' }, (ctx, { body }) => updateCampaign(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'POST', 'PUT');
export { notServed as PATCH, notServed as DELETE };
