import { route } from '@/lib/api/route';
import { deleteManualReview } from '@/lib/reviews/manual';
import { idParams } from '@/lib/reviews/schema';

/** Only hand-added or imported reviews can be deleted; synced ones belong to the provider. */
export const DELETE = route({ auth: 'user', params: idParams, successKey: 'reviews.deleted' }, (ctx, { params }) => deleteManualReview(ctx, params.id));
