import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { setEmployeeTag } from '@/lib/reviews/manual';
import { employeeTagSchema, idParams } from '@/lib/reviews/schema';

export const PUT = route({ auth: 'user', params: idParams, body: employeeTagSchema }, (ctx, { params, body }) => setEmployeeTag(ctx, params.id, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('PUT');
export { notServed as GET, notServed as POST, notServed as PATCH, notServed as DELETE };
