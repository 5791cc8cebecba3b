import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { sendingRates } from '@/lib/deliverability/sending-rates';

/** Campaign e-mail's complaint and bounce rates over 7 and 30 days, with the 0.3 % complaint line. */
export const GET = route({ auth: 'user' }, (ctx) => sendingRates(ctx.db, ctx.merchantId, ctx.now()));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
