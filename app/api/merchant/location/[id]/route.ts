import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { deleteLocation } from '@/lib/locations/delete-location';
import { locationIdParamsSchema } from '@/lib/locations/schema';
import { getLocation } from '@/lib/locations/get-location';

/** GET /api/merchant/location/{id} */
export const GET = route({ auth: 'user', params: locationIdParamsSchema }, (ctx, { params }) => getLocation(ctx, params.id));

/** DELETE /api/merchant/location/{id}: refused (409) while campaigns use the location. */
export const DELETE = route({ auth: 'user', params: locationIdParamsSchema, successKey: 'locations.messages.deleted' }, (ctx, { params }) => deleteLocation(ctx, params.id));

const other = notAllowed('GET', 'DELETE');
export { other as POST, other as PUT, other as PATCH };
