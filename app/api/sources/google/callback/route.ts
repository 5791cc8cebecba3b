import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { isAppError } from '@/lib/errors/app-error';
import { absoluteUrl } from '@/lib/app-url';
import { completeGoogleConnect } from '@/lib/sources/connect';
import { callbackQuery } from '@/lib/sources/schema';

/**
 * Google redirects the browser here. It is a page visit, not an API call: the answer is a redirect
 * to /sources with the outcome (a refusal as a message key the page translates).
 */
export const GET = route({ auth: 'user', query: callbackQuery }, async (ctx, { query }) => {
  const target = new URL(absoluteUrl('/sources'));
  try {
    const { sourceId } = await completeGoogleConnect(ctx, query);
    target.searchParams.set('connected', String(sourceId));
  } catch (error) {
    if (!isAppError(error)) throw error;
    target.searchParams.set('error', error.messageKey);
  }
  return new Response(null, { status: 303, headers: { location: target.toString() } });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
