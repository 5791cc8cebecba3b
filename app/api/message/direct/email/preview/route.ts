import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { previewInputSchema } from '@/lib/campaigns/schema';
import { previewMessage } from '@/lib/campaigns/preview';

/** Spec section 7: body memberId, templateId, variables, location (label). */
export const POST = route({ auth: 'user', body: previewInputSchema }, (ctx, { body }) => previewMessage(ctx, 0, body));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
