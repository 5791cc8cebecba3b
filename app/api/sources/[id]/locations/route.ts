import { route } from '@/lib/api/route';
import { browseLocations } from '@/lib/sources/browse';
import { locationsQuery, sourceIdParams } from '@/lib/sources/schema';

export const GET = route({ auth: 'user', params: sourceIdParams, query: locationsQuery }, (ctx, { params, query }) => browseLocations(ctx, params.id, query.account, query.pageToken));
