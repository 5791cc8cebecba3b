import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { snapshotPageSchema, snapshotParams } from '@/lib/campaigns/schema';
import { pageSnapshot } from '@/lib/campaigns/snapshots';

/** Spec section 7: query pageNum, pageSize; answers records (and members) and total. */
export const GET = route({ auth: 'user', params: snapshotParams, query: snapshotPageSchema }, (ctx, { params, query }) => pageSnapshot(ctx, params.snapshotId, query));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
