import { route } from '@/lib/api/route';
import { snapshotInputSchema } from '@/lib/campaigns/schema';
import { createSnapshot } from '@/lib/campaigns/snapshots';

/** Spec section 7: body locationId, campaignChannel, filterConditions; answers snapshotId (and id). */
export const POST = route({ auth: 'user', body: snapshotInputSchema }, (ctx, { body }) => createSnapshot(ctx, body));
