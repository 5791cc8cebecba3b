import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { snapshotInputSchema } from '@/lib/campaigns/schema';
import { createSnapshot } from '@/lib/campaigns/snapshots';

/** Spec section 7: body locationId, campaignChannel, filterConditions; answers snapshotId (and id). */
export const POST = route({ auth: 'user', body: snapshotInputSchema }, (ctx, { body }) => createSnapshot(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
