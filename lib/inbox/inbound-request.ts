import { AppError } from '@/lib/errors/app-error';
import { readBodyBytes } from '@/lib/http/read-body';

/**
 * The largest inbound webhook body (a message with its attachments, as providers post it). More
 * than the 64 KB of other webhooks: the shared secret is checked from the header before the body
 * is read (webhook-secret.ts), so only an authenticated sender gets this far.
 */
export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;

const FIELDS = ['email', 'raw'];

/**
 * The raw MIME message of an inbound-mail webhook, as bytes: the body itself (message/rfc822,
 * text), or the `email`/`raw` field of a multipart or urlencoded form. Forms are read here as
 * bytes, not with request.formData(): SendGrid's raw inbound parse posts the whole message as a
 * text field, and an 8-bit GB2312 message is not UTF-8, so formData() would turn its Chinese into
 * U+FFFD. The body is bounded whether or not a Content-Length is sent.
 */
export async function inboundMessageBytes(request: Request): Promise<Uint8Array> {
  const body = await readBodyBytes(request, MAX_INBOUND_BYTES);
  const type = request.headers.get('content-type') ?? '';
  let raw: Uint8Array | null = body;
  if (/multipart\/form-data/i.test(type)) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
    if (!boundary) throw new AppError('BAD_REQUEST');
    raw = multipartField(body, boundary[1] ?? boundary[2], FIELDS);
  } else if (/application\/x-www-form-urlencoded/i.test(type)) {
    raw = urlencodedField(body, FIELDS);
  }
  if (!raw || raw.byteLength === 0) throw new AppError('BAD_REQUEST', 'inbox.errors.noMessage');
  return raw;
}

/**
 * The bytes of the first of `names` in a multipart/form-data body (RFC 7578), file or text field
 * alike. Null when there is none; a body without its boundary is a bad request.
 */
export function multipartField(body: Buffer, boundary: string, names: string[]): Buffer | null {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const found = new Map<string, Buffer>();
  let at = body.indexOf(delimiter);
  if (at < 0) throw new AppError('BAD_REQUEST');
  while (at >= 0) {
    let start = at + delimiter.length;
    if (body[start] === 0x2d && body[start + 1] === 0x2d) break;
    const lineEnd = body.indexOf(0x0a, start);
    if (lineEnd < 0) break;
    start = lineEnd + 1;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]), start);
    const nextLf = next >= 0 ? next : body.indexOf(Buffer.concat([Buffer.from('\n', 'latin1'), delimiter]), start);
    const end = nextLf < 0 ? body.length : nextLf;
    const part = body.subarray(start, end);
    const headEnd = indexOfBlankLine(part);
    if (headEnd) {
      const head = part.subarray(0, headEnd.at).toString('latin1');
      const name = /content-disposition:[^\n]*?\bname\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(head);
      const field = name ? (name[1] ?? name[2]) : null;
      if (field && names.includes(field) && !found.has(field)) found.set(field, part.subarray(headEnd.at + headEnd.length));
    }
    if (nextLf < 0) break;
    at = body.indexOf(delimiter, nextLf);
  }
  for (const name of names) if (found.has(name)) return found.get(name) ?? null;
  return null;
}

function indexOfBlankLine(part: Buffer): { at: number; length: number } | null {
  const crlf = part.indexOf('\r\n\r\n');
  const lf = part.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 };
  return lf >= 0 ? { at: lf, length: 2 } : null;
}

/** The bytes of the first of `names` in an urlencoded body, percent escapes read as bytes. */
export function urlencodedField(body: Buffer, names: string[]): Buffer | null {
  const found = new Map<string, Buffer>();
  for (const pair of body.toString('latin1').split('&')) {
    const eq = pair.indexOf('=');
    const key = percentBytes(eq < 0 ? pair : pair.slice(0, eq)).toString('utf8');
    if (names.includes(key) && !found.has(key)) found.set(key, percentBytes(eq < 0 ? '' : pair.slice(eq + 1)));
  }
  for (const name of names) if (found.has(name)) return found.get(name) ?? null;
  return null;
}

function percentBytes(text: string): Buffer {
  return Buffer.from(text.replace(/\+/g, ' ').replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
}
