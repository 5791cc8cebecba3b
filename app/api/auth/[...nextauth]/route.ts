import { NextRequest } from 'next/server';
import { newRequestId } from '@/lib/observability/request-id';
import { errorResponse } from '@/lib/api/route';
import { handlers } from '@/lib/auth/auth';
import { BODY_LIMITS, readBodyBytes } from '@/lib/http/read-body';
import { pickLocale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';

export const { GET } = handlers;

/**
 * Auth.js reads a POST's whole body itself (sign-in, sign-out forms): it gets a copy read through
 * the body counter, public-route limit (64 KB), and 413 in the envelope beyond it.
 */
export async function POST(request: NextRequest): Promise<Response> {
  let body: Buffer;
  try {
    body = await readBodyBytes(request, BODY_LIMITS.publicJson);
  } catch (error) {
    return errorResponse(error, translatorFor(pickLocale(request.headers.get('accept-language'))), newRequestId());
  }
  const bounded = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return handlers.POST(new NextRequest(request.url, { method: 'POST', headers: request.headers, body: bounded.byteLength ? bounded : undefined }));
}
