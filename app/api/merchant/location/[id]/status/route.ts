import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { locationIdParamsSchema, locationStatusQuerySchema } from '@/lib/locations/schema';
import { setLocationStatus } from '@/lib/locations/write-location';

/** PUT /api/merchant/location/{id}/status?status=1|0 (also true/false, enabled/disabled). */
export const PUT = route(
  { auth: 'user', params: locationIdParamsSchema, query: locationStatusQuerySchema, successKey: 'locations.messages.statusChanged' },
  (ctx, { params, query }) => setLocationStatus(ctx, params.id, query.status),
);

const other = notAllowed('PUT');
export { other as GET, other as POST, other as PATCH, other as DELETE };
