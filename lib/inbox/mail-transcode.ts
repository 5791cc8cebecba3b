import { isUtf8 } from 'node:buffer';
import { cjkEncoding, decodeCjk, joinEncodedWords, mentionsCjkCharset, utf8EncodedWords, utf8ExtendedParams, type CjkEncoding } from './mail-charset';

const MAX_DEPTH = 32;

/**
 * A raw message whose GB2312/GBK/GB18030 and Big5/Big5-HKSCS text is rewritten as UTF-8 before
 * postal-mime reads it. postal-mime decodes through the WHATWG TextDecoder and offers no hook:
 * TextDecoder('big5') drops Cantonese characters without a trace, and 'gb2312' loses what only
 * GB18030 has. So every part is walked once, as bytes: text parts in those charsets are decoded
 * with iconv-lite and re-encoded as UTF-8 base64; encoded words and RFC 2231 parameters (subjects,
 * names, filenames) become UTF-8 ones; a raw 8-bit header that is not UTF-8 is read in the
 * message's Chinese charset. Everything else passes byte for byte; a message that names none of
 * those charsets is returned as it came. Never throws: on any surprise the original bytes go on.
 */
export function transcodeCjkMail(raw: Uint8Array): Uint8Array {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const fallback = mentionsCjkCharset(bytes.toString('latin1'));
  if (!fallback) return raw;
  try {
    return transcodeEntity(bytes, fallback, 0);
  } catch {
    return raw;
  }
}

/**
 * The message with the split encoded words of its own headers (subject, names) joined
 * (joinEncodedWords), each header on its own; the body and the parts pass byte for byte.
 */
export function joinSplitEncodedWords(raw: Uint8Array): Uint8Array {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const headerLength = headerEnd(bytes)?.headerLength ?? bytes.length;
  const head = bytes.subarray(0, headerLength).toString('latin1');
  if (!/\?=\s*=\?/.test(head)) return raw;
  // A line that starts with a space or a tab continues the header above it (folding).
  const joined = head
    .split(/(\r?\n(?![ \t]))/)
    .map(joinEncodedWords)
    .join('');
  return joined === head ? raw : Buffer.concat([Buffer.from(joined, 'latin1'), bytes.subarray(headerLength)]);
}

interface Header {
  /** The header's bytes, folding line breaks included, without its final line break. */
  bytes: Buffer;
  name: string;
}

function transcodeEntity(entity: Buffer, fallback: CjkEncoding, depth: number): Buffer {
  if (depth > MAX_DEPTH) return entity;
  const split = headerEnd(entity);
  if (!split) return entity;
  const eol = split.eol;
  const headers = readHeaders(entity.subarray(0, split.headerLength), fallback);
  const body = entity.subarray(split.bodyStart);
  const contentType = unfolded(headers, 'content-type');
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase() || 'text/plain';
  const params = parameters(contentType);
  const encoding = unfolded(headers, 'content-transfer-encoding').trim().toLowerCase();
  const own = cjkEncoding(params.charset);
  let newBody: Buffer = body;
  if (type.startsWith('multipart/') && params.boundary) {
    newBody = transcodeMultipart(body, params.boundary, own ?? fallback, depth);
  } else if (type === 'message/rfc822' && !['base64', 'quoted-printable'].includes(encoding)) {
    newBody = transcodeEntity(body, own ?? fallback, depth + 1);
  } else if (type.startsWith('text/') && own && !/^\s*attachment/i.test(unfolded(headers, 'content-disposition'))) {
    const text = decodeCjk(decodeTransfer(body, encoding), own);
    newBody = Buffer.from(wrapBase64(Buffer.from(text, 'utf8').toString('base64'), eol), 'latin1');
    setHeader(headers, 'content-type', `Content-Type: ${contentType.replace(/(charset\s*=\s*)("?)[^";\s]*\2/i, '$1utf-8')}`);
    setHeader(headers, 'content-transfer-encoding', 'Content-Transfer-Encoding: base64');
  }
  const head = Buffer.concat(headers.flatMap((h) => [h.bytes, Buffer.from(eol, 'latin1')]));
  return Buffer.concat([head, Buffer.from(eol, 'latin1'), newBody]);
}

function headerEnd(entity: Buffer): { headerLength: number; bodyStart: number; eol: string } | null {
  // A part that starts with a blank line has no headers at all.
  if (entity[0] === 0x0a) return { headerLength: 0, bodyStart: 1, eol: '\n' };
  if (entity[0] === 0x0d && entity[1] === 0x0a) return { headerLength: 0, bodyStart: 2, eol: '\r\n' };
  const crlf = entity.indexOf('\r\n\r\n');
  const lf = entity.indexOf('\n\n');
  if (crlf < 0 && lf < 0) return null;
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { headerLength: crlf, bodyStart: crlf + 4, eol: '\r\n' };
  return { headerLength: lf, bodyStart: lf + 2, eol: '\n' };
}

function readHeaders(block: Buffer, fallback: CjkEncoding): Header[] {
  const headers: Header[] = [];
  let start = 0;
  while (start < block.length) {
    let end = block.indexOf(0x0a, start);
    // A header runs on while the next line starts with a space or a tab (folding).
    while (end >= 0 && end + 1 < block.length && (block[end + 1] === 0x20 || block[end + 1] === 0x09)) end = block.indexOf(0x0a, end + 1);
    if (end < 0) end = block.length;
    let bytes = block.subarray(start, end > start && block[end - 1] === 0x0d ? end - 1 : end);
    start = end + 1;
    if (!bytes.length) continue;
    if (!isUtf8(bytes)) bytes = Buffer.from(decodeCjk(bytes, fallback), 'utf8');
    const colon = bytes.indexOf(0x3a);
    const name = (colon < 0 ? '' : bytes.subarray(0, colon).toString('latin1')).trim().toLowerCase();
    const text = bytes.toString('latin1');
    const rewritten = utf8ExtendedParams(utf8EncodedWords(text));
    headers.push({ bytes: rewritten === text ? bytes : Buffer.from(rewritten, 'latin1'), name });
  }
  return headers;
}

function unfolded(headers: Header[], name: string): string {
  const header = headers.find((h) => h.name === name);
  if (!header) return '';
  const text = header.bytes.toString('latin1');
  return text.slice(text.indexOf(':') + 1).replace(/\r?\n[ \t]/g, ' ').trim();
}

function setHeader(headers: Header[], name: string, line: string): void {
  const bytes = Buffer.from(line, 'latin1');
  const index = headers.findIndex((h) => h.name === name);
  if (index >= 0) headers[index] = { name, bytes };
  else headers.push({ name, bytes });
}

function parameters(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of value.matchAll(/;\s*([\w.-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^;\s]*)/g)) {
    const name = m[1].toLowerCase();
    if (!(name in out)) out[name] = m[3] !== undefined ? m[3].replace(/\\(.)/g, '$1') : m[2];
  }
  return out;
}

/** Each part between the boundary lines transcoded; the delimiters, preamble and epilogue kept. */
function transcodeMultipart(body: Buffer, boundary: string, fallback: CjkEncoding, depth: number): Buffer {
  const delimiter = `--${boundary}`;
  const pieces: Buffer[] = [];
  let partStart = -1;
  let copied = 0;
  let lineStart = 0;
  while (lineStart <= body.length) {
    let lineEnd = body.indexOf(0x0a, lineStart);
    if (lineEnd < 0) lineEnd = body.length;
    // Only a line that starts with "--" can be a delimiter: the others are not read as text.
    const line = body[lineStart] === 0x2d && body[lineStart + 1] === 0x2d ? body.subarray(lineStart, lineEnd).toString('latin1').trimEnd() : '';
    if (line && (line === delimiter || line === `${delimiter}--`)) {
      if (partStart >= 0) {
        // The line break before a delimiter belongs to the delimiter.
        let partEnd = lineStart;
        if (partEnd > partStart && body[partEnd - 1] === 0x0a) partEnd--;
        if (partEnd > partStart && body[partEnd - 1] === 0x0d) partEnd--;
        pieces.push(body.subarray(copied, partStart), transcodeEntity(body.subarray(partStart, partEnd), fallback, depth + 1));
        copied = partEnd;
      }
      partStart = -1;
      if (line !== delimiter) break;
      partStart = Math.min(lineEnd + 1, body.length);
    }
    lineStart = lineEnd + 1;
  }
  // A message cut off before its closing delimiter: its last part still counts.
  if (partStart >= 0 && partStart < body.length) {
    pieces.push(body.subarray(copied, partStart), transcodeEntity(body.subarray(partStart), fallback, depth + 1));
    copied = body.length;
  }
  pieces.push(body.subarray(copied));
  return Buffer.concat(pieces);
}

function decodeTransfer(body: Buffer, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const text = body
      .toString('latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(text, 'latin1');
  }
  return body;
}

function wrapBase64(base64: string, eol: string): string {
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += 76) lines.push(base64.slice(i, i + 76));
  return lines.join(eol) + eol;
}
