import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { startGoogleConnect } from '@/lib/sources/connect';

/** Answers the consent-screen URL; the client navigates there. */
export const POST = route({ auth: 'user' }, (ctx) => startGoogleConnect(ctx));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
