import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { checkEmailAvailable } from '@/lib/merchant/registration';
import { emailOnlySchema } from '@/lib/auth/schema';

/** Is the e-mail free? 200 { available: true }, 488 "email has been registered", 429 past the per-address limit. */
export const POST = route({ auth: 'public', body: emailOnlySchema }, (ctx, { body }) => checkEmailAvailable(ctx, body.email));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
