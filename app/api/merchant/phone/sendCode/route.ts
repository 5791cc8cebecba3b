import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { clientAddress } from '@/lib/http/client-address';
import { sendPhoneCode } from '@/lib/merchant/phone-verification';
import { sendPhoneCodeSchema } from '@/lib/merchant/schema';

export const POST = route({ auth: 'user', body: sendPhoneCodeSchema, successKey: 'accounts.profile.codeSent' }, (ctx, { body, request }) => sendPhoneCode(ctx, body, clientAddress(request.headers)));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
