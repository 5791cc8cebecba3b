import { route } from '@/lib/api/route';
import { browseAccounts } from '@/lib/sources/browse';
import { pageTokenQuery, sourceIdParams } from '@/lib/sources/schema';

export const GET = route({ auth: 'user', params: sourceIdParams, query: pageTokenQuery }, (ctx, { params, query }) => browseAccounts(ctx, params.id, query.pageToken));
