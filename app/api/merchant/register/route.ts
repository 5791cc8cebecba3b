import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { registerMerchantDetails } from '@/lib/merchant/registration';
import { merchantRegisterSchema } from '@/lib/auth/schema';

/** Completes the merchant details of a just-registered account (verification token as proof). */
export const POST = route({ auth: 'public', body: merchantRegisterSchema }, (ctx, { body }) => registerMerchantDetails(ctx, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
