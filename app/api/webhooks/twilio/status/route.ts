import { route } from '@/lib/api/route';
import { applyTwilioStatus, verifiedTwilioForm } from '@/lib/sending/twilio-webhooks';

/** POST /api/webhooks/twilio/status: Twilio's delivery status callback (signature checked). */
export const POST = route({ auth: 'public' }, async (ctx, { request }) => applyTwilioStatus(ctx.db, await verifiedTwilioForm(request), ctx.now()));
