import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { listEnabledLocations } from '@/lib/locations/list-locations';

/** GET /api/merchant/location/enabled: every enabled location (for selects), by name. */
export const GET = route({ auth: 'user' }, (ctx) => listEnabledLocations(ctx));

const other = notAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
