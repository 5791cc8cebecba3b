import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { deleteManualReview } from '@/lib/reviews/manual';
import { idParams } from '@/lib/reviews/schema';

/** Only hand-added or imported reviews can be deleted; synced ones belong to the provider. */
export const DELETE = route({ auth: 'user', params: idParams, successKey: 'reviews.deleted' }, (ctx, { params }) => deleteManualReview(ctx, params.id));

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('DELETE');
export { notServed as GET, notServed as POST, notServed as PUT, notServed as PATCH };
