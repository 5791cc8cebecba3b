import { route } from '@/lib/api/route';
import { previewInputSchema } from '@/lib/campaigns/schema';
import { previewMessage } from '@/lib/campaigns/preview';

/** Spec section 7: body memberId, templateId, variables, locationId. */
export const POST = route({ auth: 'user', body: previewInputSchema }, (ctx, { body }) => previewMessage(ctx, 1, body));
