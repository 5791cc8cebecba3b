import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { forecastCampaign } from '@/lib/campaigns/forecast';
import { forecastInputSchema } from '@/lib/campaigns/schema';

/** POST /api/sending/forecast: what sending this campaign form would do (nothing is written). */
export const POST = route({ auth: 'user', body: forecastInputSchema }, (ctx, { body }) => forecastCampaign(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
