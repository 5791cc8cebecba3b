import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { sendRegistrationCode } from '@/lib/merchant/registration';
import { emailOnlySchema } from '@/lib/auth/schema';

/** Sends the 6-digit registration code; 488 if registered, 429 within a minute of the last one. */
export const POST = route({ auth: 'public', body: emailOnlySchema, successKey: 'accounts.portal.codeSent' }, (ctx, { body }) => sendRegistrationCode(ctx, body.email));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
