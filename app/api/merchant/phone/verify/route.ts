import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { verifyPhone } from '@/lib/merchant/phone-verification';
import { verifyPhoneSchema } from '@/lib/merchant/schema';

export const POST = route({ auth: 'user', body: verifyPhoneSchema, successKey: 'accounts.profile.phoneVerified' }, (ctx, { body }) => verifyPhone(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
