// A step of the scan: about 10-25 ms of a sheet's cells, so a reader that yields between steps
// never holds the event loop long. Text between two tags survives up to twice this (a cell's
// 32,767 characters, even written as character references, are far less).
const CHUNK_BYTES = 256 * 1024;
const LT = 0x3c;

// Every element's open or close tag: [1] "/" of a close, [2] local name, [3] attributes, [4] "/" of an empty one.
// Attributes stop at the next "<" too: a try from each "<" then ends at the next one, so text such
// as "<a<a<a..." without any ">" costs linear time, not quadratic.
const TAG = /<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^<>]*?)(\/?)>/g;

/** Called per tag with the raw text between the previous tag and this one; true stops the scan. */
export type TagVisitor = (close: boolean, name: string, attrs: string, empty: boolean, textBefore: string) => boolean | void;

/**
 * One pass over an XML part, one tag at a time, decoded a chunk (256 KB) at a time: the part's text
 * is never held whole, so a 100 MB sheet costs a chunk of strings. Chunks are cut just before a
 * `<`, which XML allows only at the start of markup, so no tag is ever split (a chunk without any
 * `<` is cut anywhere; the streaming decoder keeps a split character whole). The text after a
 * chunk's last tag is carried into the next.
 */
export function scanXml(bytes: Uint8Array, visit: TagVisitor): void {
  for (const _ of scanXmlSteps(bytes, visit));
}

/** scanXml one chunk (256 KB) at a time: each step returns once its chunk's tags are visited. */
export function* scanXmlSteps(bytes: Uint8Array, visit: TagVisitor): Generator<void, void, void> {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  for (let start = 0; start < bytes.byteLength; ) {
    let end = Math.min(start + CHUNK_BYTES, bytes.byteLength);
    if (end < bytes.byteLength) {
      // Searched within this chunk only: from the whole part's end, a part without any "<" (a
      // comment of 100 MB of spaces) was searched back to its start for every chunk, quadratic.
      const cut = bytes.subarray(start, end).lastIndexOf(LT);
      if (cut > 0) end = start + cut;
    }
    const xml = decoder.decode(bytes.subarray(start, end), { stream: true });
    start = end;
    let last = 0;
    TAG.lastIndex = 0;
    for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
      const textBefore = m.index === last ? carry : carry + xml.slice(last, m.index);
      carry = '';
      last = m.index + m[0].length;
      if (visit(m[1] === '/', m[2], m[3], m[4] === '/', textBefore)) return;
    }
    // A carried text could only grow past a chunk in a part without tags: not XML we read.
    carry = carry.length > CHUNK_BYTES ? '' : carry + xml.slice(last);
    yield;
  }
}

const ENTITY = /&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g;

/** XML text with its end-of-lines normalised and its references resolved. */
export function decodeXml(raw: string): string {
  const value = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!value.includes('&')) return value;
  return value.replace(ENTITY, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : "'";
  });
}

const ATTRS = new Map<string, RegExp>();

/** One attribute's value from a tag's attribute text (any namespace prefix on the name). */
export function attr(attrs: string, name: string): string | undefined {
  if (!attrs) return undefined;
  let re = ATTRS.get(name);
  if (!re) ATTRS.set(name, (re = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = re.exec(attrs);
  return m ? decodeXml(m[1] ?? m[2] ?? '') : undefined;
}
