import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { employeeFigures } from '@/lib/dashboard/employee-figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';

/** GET /api/dashboard/employees: the dashboard's period, per location and employee (scans, requests, clicks, reviews, average rating). */
export const GET = route({ auth: 'user', query: dashboardQuerySchema }, (ctx, { query }) => employeeFigures(ctx, query));

const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
