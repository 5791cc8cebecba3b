import { route } from '@/lib/api/route';
import { idParams } from '@/lib/campaigns/schema';
import { deleteCampaign, getCampaign } from '@/lib/campaigns/service';

export const GET = route({ auth: 'user', params: idParams }, (ctx, { params }) => getCampaign(ctx, params.id));
export const DELETE = route({ auth: 'user', params: idParams, successKey: 'campaigns.messages.deleted' }, (ctx, { params }) => deleteCampaign(ctx, params.id));
