import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { signOutEverywhere } from '@/lib/auth/password-change';

/** Signs the user out everywhere: every refresh token family and access token stops working. */
export const POST = route({ auth: 'user', successKey: 'accounts.sessions.signedOutEverywhere' }, async (ctx) => {
  await signOutEverywhere(ctx);
  return null;
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
