import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { draftReply } from '@/lib/reviews/drafts';
import { idParams } from '@/lib/reviews/schema';

/** A draft only: nothing is posted until the merchant sends it (PUT .../reply). */
export const POST = route({ auth: 'user', params: idParams }, (ctx, { params }) => draftReply(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
