import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { AppError } from '@/lib/errors/app-error';
import { MULTIPART_OVERHEAD, readFormData } from '@/lib/http/read-body';
import { importReviews, IMPORT_MAX_BYTES } from '@/lib/reviews/import';

/** multipart/form-data with `file`: a .csv or .xlsx of reviews from other sites (at most 2 MB). */
export const POST = route({ auth: 'user', successKey: 'reviews.import.done' }, async (ctx, { request }) => {
  const form = await readFormData(request, IMPORT_MAX_BYTES + MULTIPART_OVERHEAD, () => new AppError('PAYLOAD_TOO_LARGE', 'reviews.errors.importTooLarge'));
  const file = form?.get('file');
  if (!file || typeof file === 'string') throw new AppError('BAD_REQUEST', 'reviews.errors.importNoFile');
  return importReviews(ctx, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
