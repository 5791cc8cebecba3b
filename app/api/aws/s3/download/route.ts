import { notAllowed } from '@/lib/api/not-allowed';
import { z } from 'zod';
import { notFound } from '@/lib/errors/app-error';
import { route } from '@/lib/api/route';
import { fileResponse, readFileForViewer } from '@/lib/files/read-file';
import { getStorage } from '@/lib/storage/storage';

const query = z.object({ key: z.string().min(1).max(500), bucketName: z.string().max(200).optional() });

/** GET /api/aws/s3/download?key=&bucketName=: the file as an attachment (a blob answer). */
export const GET = route({ auth: 'user', query }, async (ctx, { query: { key, bucketName } }) => {
  // Only our own bucket is served; a bucket name is accepted for compatibility with the spec's call.
  if (bucketName && bucketName !== getStorage().bucket) throw notFound();
  const { file, bytes } = await readFileForViewer(ctx.db, ctx.merchantId, { key });
  return fileResponse(file, bytes, 'attachment');
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
