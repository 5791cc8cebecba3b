import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { campaignIdParams } from '@/lib/sending/schema';
import { campaignDeliverySummary } from '@/lib/sending/summary';

/** GET /api/sending/campaign/{id}/summary: per-status counts, opens, clicks, failures with reasons. */
export const GET = route({ auth: 'user', params: campaignIdParams }, (ctx, { params }) => campaignDeliverySummary(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
