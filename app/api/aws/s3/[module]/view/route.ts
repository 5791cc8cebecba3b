import { notAllowed } from '@/lib/api/not-allowed';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { authenticateRequest } from '@/lib/api/authenticate';
import { fileResponse, readFileForViewer } from '@/lib/files/read-file';
import { parseModule } from '@/lib/files/save-upload';
import { rowId } from '@/lib/validation/ids';

const params = z.object({ module: z.string() });
const query = z.object({ id: rowId(), s: z.string().max(64).optional() });

/**
 * GET /api/aws/s3/{module}/view?id=[&s=]: the file itself. Public so that e-mail clients and
 * readers of a published post can load images by the signed address the sent mail or the public
 * page carries (`s`, lib/files/public-links.ts); anything else needs its merchant's session.
 */
export const GET = route({ auth: 'public', params, query }, async (ctx, { params: { module }, query: { id, s }, request }) => {
  const viewer = await authenticateRequest(ctx.db, request, sessionToken);
  const { file, bytes } = await readFileForViewer(ctx.db, viewer?.merchantId ?? null, { module: parseModule(module), id, signature: s });
  return fileResponse(file, bytes, 'inline');
});

async function sessionToken(): Promise<string | null> {
  const { auth } = await import('@/lib/auth/auth');
  const session = await auth();
  return session?.accessToken && !session.error ? session.accessToken : null;
}

// The methods this route does not serve answer the 405 envelope with an Allow header.
const notServed = notAllowed('GET');
export { notServed as POST, notServed as PUT, notServed as PATCH, notServed as DELETE };
