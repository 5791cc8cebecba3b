import { AppError } from '@/lib/errors/app-error';

const KB = 1024;
const MB = 1024 * KB;

/** Per-route body limits (docs/security.md lists them with the routes that use each). */
export const BODY_LIMITS = {
  /** JSON to a public route (sign-in, registration, consent): a few fields. */
  publicJson: 64 * KB,
  /** JSON from a signed-in user (templates and posts carry HTML). */
  userJson: 1 * MB,
  /** A webhook's body, read before its signature is checked (Twilio posts a few kilobytes). */
  webhook: 64 * KB,
} as const;

/** Room for the multipart envelope around an uploaded file. */
export const MULTIPART_OVERHEAD = 64 * KB;

/**
 * The one body reader: the request's bytes, counted as they arrive, whether or not a
 * Content-Length was sent. Past `max` bytes it stops reading, cancels the stream (the rest is
 * never buffered) and throws `tooLarge` (413 PAYLOAD_TOO_LARGE by default).
 */
export async function readBodyBytes(request: Request, max: number, tooLarge: () => AppError = () => new AppError('PAYLOAD_TOO_LARGE')): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array>;
    try {
      part = await reader.read();
    } catch {
      // The client went away or sent a broken chunked body.
      throw new AppError('BAD_REQUEST');
    }
    if (part.done) break;
    size += part.value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks, size);
}

/** The body as UTF-8 text, bounded like readBodyBytes; bytes that are not UTF-8: 400 errors.badUtf8. */
export async function readBodyText(request: Request, max: number, tooLarge?: () => AppError): Promise<string> {
  const bytes = await readBodyBytes(request, max, tooLarge);
  // Bodies are UTF-8 (docs/api.md). A Latin-1 "é" decoded leniently would be stored as U+FFFD:
  // refused instead (found from outside), like a path that does not decode.
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', 'errors.badUtf8');
  }
}

/**
 * A multipart or urlencoded form, bounded like readBodyBytes, parsed by the platform's own
 * parser from the bytes read. Null when the body is not the form its Content-Type says.
 */
export async function readFormData(request: Request, max: number, tooLarge?: () => AppError): Promise<FormData | null> {
  const bytes = await readBodyBytes(request, max, tooLarge);
  const type = request.headers.get('content-type') ?? '';
  try {
    // Buffer.concat allocates a plain ArrayBuffer; the view is cast, not copied.
    const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return null;
  }
}
