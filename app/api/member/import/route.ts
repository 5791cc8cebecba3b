import { notAllowed } from '@/lib/api/not-allowed';
import { route, parseOrThrow } from '@/lib/api/route';
import { AppError } from '@/lib/errors/app-error';
import { commitImport } from '@/lib/contacts/import/commit-import';
import { importMapping } from '@/lib/contacts/schema';
import { readUpload } from '@/lib/contacts/upload';

/**
 * POST /api/member/import (multipart `file`, `columns` = JSON array of fields per column,
 * optional `locationId`): merges every row in one transaction; answers the summary.
 */
export const POST = route({ auth: 'user' }, async (ctx, { request }) => {
  const upload = await readUpload(request);
  let columns: unknown;
  try {
    columns = JSON.parse(String(upload.fields.get('columns') ?? '[]'));
  } catch {
    throw new AppError('BAD_REQUEST', 'errors.badJson');
  }
  const mapping = parseOrThrow(importMapping, { columns, locationId: upload.fields.get('locationId') || null });
  return commitImport(ctx, upload, mapping);
});

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('POST');
export { notServed as GET, notServed as PUT, notServed as PATCH, notServed as DELETE };
