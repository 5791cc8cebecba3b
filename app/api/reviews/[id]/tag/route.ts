import { route } from '@/lib/api/route';
import { setEmployeeTag } from '@/lib/reviews/manual';
import { employeeTagSchema, idParams } from '@/lib/reviews/schema';

export const PUT = route({ auth: 'user', params: idParams, body: employeeTagSchema }, (ctx, { params, body }) => setEmployeeTag(ctx, params.id, body));
