import { notAllowed } from '@/lib/api/not-allowed';
import { route } from '@/lib/api/route';
import { AppError } from '@/lib/api/app-error';
import { importReviews, IMPORT_MAX_BYTES } from '@/lib/reviews/import';

/** multipart/form-data with `file`: a .csv or .xlsx of reviews from other sites (at most 2 MB). */
export const POST = route({ auth: 'user', successKey: 'reviews.import.done' }, async (ctx, { request }) => {
  if (Number(request.headers.get('content-length') ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', 'reviews.errors.importTooLarge');
  const form = await request.formData().catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string') throw new AppError('BAD_REQUEST', 'reviews.errors.importNoFile');
  return importReviews(ctx, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
