import { route } from '@/lib/api/route';
import { draftReply } from '@/lib/reviews/drafts';
import { idParams } from '@/lib/reviews/schema';

/** A draft only: nothing is posted until the merchant sends it (PUT .../reply). */
export const POST = route({ auth: 'user', params: idParams }, (ctx, { params }) => draftReply(ctx, params.id));
