import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { sendServiceEmailVerification } from '@/lib/merchant/service-email';

/** Sends the verification link; 409 while Pending, 400 without a service e-mail. */
export const POST = route({ auth: 'user', successKey: 'accounts.profile.verificationSent' }, (ctx) => sendServiceEmailVerification(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
