import { route } from '@/lib/api/route';
import { forecastCampaign } from '@/lib/sending/forecast';
import { forecastInputSchema } from '@/lib/sending/schema';

/** POST /api/sending/forecast: what sending this campaign form would do (nothing is written). */
export const POST = route({ auth: 'user', body: forecastInputSchema }, (ctx, { body }) => forecastCampaign(ctx, body));
