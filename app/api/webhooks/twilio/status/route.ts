import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { applyTwilioStatus, verifiedTwilioForm } from '@/lib/sending/twilio-webhooks';

/** POST /api/webhooks/twilio/status: Twilio's delivery status callback (signature checked). */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => applyTwilioStatus(ctx.db, await verifiedTwilioForm(request), ctx.now()));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
