import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { locationPageSchema } from '@/lib/locations/schema';
import { listLocations } from '@/lib/locations/list-locations';

/** GET /api/merchant/location/page?pageNum&pageSize&enabled&keyword: data.total, data.records. */
export const GET = route({ auth: 'user', query: locationPageSchema }, (ctx, { query }) => listLocations(ctx, query));

const other = notAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
