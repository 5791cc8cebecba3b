import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { dashboardFigures } from '@/lib/dashboard/figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';

export const GET = route({ auth: 'user', query: dashboardQuerySchema }, (ctx, { query }) => dashboardFigures(ctx, query));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
