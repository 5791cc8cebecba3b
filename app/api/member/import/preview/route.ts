import { notAllowed } from '@/lib/api/not-allowed';
import { parseOrThrow, route } from '@/lib/api/route';
import { previewImport } from '@/lib/contacts/import/preview-import';
import { importPreviewInput } from '@/lib/contacts/schema';
import { readUpload } from '@/lib/contacts/upload';

/**
 * POST /api/member/import/preview (multipart `file`, optional `encoding` of a CSV): headers,
 * guessed columns, the encoding read, the first rows.
 */
export const POST = route({ auth: 'user' }, async (ctx, { request }) => {
  const upload = await readUpload(request);
  const input = parseOrThrow(importPreviewInput, { encoding: upload.fields.get('encoding') || undefined });
  return previewImport(ctx, upload, input);
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
