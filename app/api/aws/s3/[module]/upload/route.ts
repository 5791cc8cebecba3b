import { notAllowed } from '@/lib/api/not-allowed';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { route } from '@/lib/api/route';
import { parseModule, saveUpload } from '@/lib/files/save-upload';
import { MULTIPART_OVERHEAD, readFormData } from '@/lib/http/read-body';
import { MAX_VIDEO_MB } from '@/lib/files/rules';
import { assertCanManagePosts } from '@/lib/auth/permissions';

const params = z.object({ module: z.string() });

// The largest allowed file (a video) and its multipart envelope.
const MAX_REQUEST_BYTES = MAX_VIDEO_MB * 1024 * 1024 + MULTIPART_OVERHEAD;

/** POST /api/aws/s3/{module}/upload, multipart field `file`: answers the new file's id. */
export const POST = route({ auth: 'user', params }, async (ctx, { params: { module }, request }) => {
  const target = parseModule(module);
  // Refused before the body is read: a user who may not write posts cannot upload their images.
  if (target === 'post') assertCanManagePosts(ctx);
  const form = await readFormData(request, MAX_REQUEST_BYTES, () => new AppError('PAYLOAD_TOO_LARGE', 'files.errors.tooLarge', { values: { mb: MAX_VIDEO_MB } }));
  const file = form?.get('file');
  if (!file || typeof file === 'string') throw new AppError('BAD_REQUEST', 'files.errors.missingFile');
  return saveUpload(ctx, target, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
