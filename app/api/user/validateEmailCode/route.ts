import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { validateRegistrationCode } from '@/lib/merchant/registration';
import { validateEmailCodeSchema } from '@/lib/auth/schema';

/** Checks the code; answers the verification token the details step (/user/register) needs. */
export const POST = route({ auth: 'public', body: validateEmailCodeSchema }, (ctx, { body }) => validateRegistrationCode(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
