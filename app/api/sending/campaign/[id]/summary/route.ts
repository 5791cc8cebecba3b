import { route } from '@/lib/api/route';
import { campaignIdParams } from '@/lib/sending/schema';
import { campaignDeliverySummary } from '@/lib/sending/summary';

/** GET /api/sending/campaign/{id}/summary: per-status counts, opens, clicks, failures with reasons. */
export const GET = route({ auth: 'user', params: campaignIdParams }, (ctx, { params }) => campaignDeliverySummary(ctx, params.id));
