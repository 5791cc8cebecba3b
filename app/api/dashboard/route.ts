import { route } from '@/lib/api/route';
import { dashboardFigures } from '@/lib/dashboard/figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';

export const GET = route({ auth: 'user', query: dashboardQuerySchema }, (ctx, { query }) => dashboardFigures(ctx, query));
