import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { createLocationSchema, updateLocationSchema } from '@/lib/locations/schema';
import { createLocation, updateLocation } from '@/lib/locations/write-location';

/** POST /api/merchant/location: create; answers the new location. */
export const POST = route({ auth: 'user', body: createLocationSchema, successKey: 'locations.messages.created' }, (ctx, { body }) => createLocation(ctx, body));

/** PUT /api/merchant/location: update; the body carries locationId. */
export const PUT = route({ auth: 'user', body: updateLocationSchema, successKey: 'locations.messages.updated' }, (ctx, { body }) => updateLocation(ctx, body));

const other = notAllowed('POST', 'PUT');
export { other as GET, other as PATCH, other as DELETE };
