import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { idParams } from '@/lib/campaigns/schema';
import { deleteCampaign } from '@/lib/campaigns/delete-campaign';
import { getCampaign } from '@/lib/campaigns/get-campaign';

export const GET = route({ auth: 'user', params: idParams }, (ctx, { params }) => getCampaign(ctx, params.id));
export const DELETE = route({ auth: 'user', params: idParams, successKey: 'campaigns.messages.deleted' }, (ctx, { params }) => deleteCampaign(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET', 'DELETE');
export { notServed as POST, notServed as PUT, notServed as PATCH };
