import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { setServiceEmail } from '@/lib/merchant/service-email';
import { serviceEmailSchema } from '@/lib/merchant/schema';

export const PUT = route({ auth: 'user', body: serviceEmailSchema, successKey: 'accounts.profile.saved' }, (ctx, { body }) => setServiceEmail(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('PUT');
export { notServed as GET, notServed as POST, notServed as PATCH, notServed as DELETE };
