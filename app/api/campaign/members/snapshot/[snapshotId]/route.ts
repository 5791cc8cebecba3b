import { route } from '@/lib/api/route';
import { snapshotPageSchema, snapshotParams } from '@/lib/campaigns/schema';
import { pageSnapshot } from '@/lib/campaigns/snapshots';

/** Spec section 7: query pageNum, pageSize; answers records (and members) and total. */
export const GET = route({ auth: 'user', params: snapshotParams, query: snapshotPageSchema }, (ctx, { params, query }) => pageSnapshot(ctx, params.snapshotId, query));
