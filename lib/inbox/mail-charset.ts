import iconv from 'iconv-lite';

/** The Chinese encodings the WHATWG TextDecoder (and so postal-mime) decodes incompletely. */
export type CjkEncoding = 'gb18030' | 'big5hkscs';

// Labels as mail clients write them, normalised (lower case, no x-/cs prefix, no separators).
// Every GB label decodes as GB18030, the superset of GB2312 and GBK (Outlook labels GBK mail
// gb2312; Foxmail writes GBK characters under gb2312). Every Big5 label decodes as Big5-HKSCS,
// the superset of Big5 and cp950 that holds Cantonese characters (哋 嘅 咗 啲 喺), which Node's
// TextDecoder('big5') drops without a trace.
const LABELS = new Map<string, CjkEncoding>([
  ...['gb2312', 'gbk', 'gb18030', 'cp936', 'windows936', 'ms936', 'chinese', 'gb231280', 'iso58gb231280', 'isoir58', 'euccn', 'gb2312cn'].map(
    (label) => [label, 'gb18030'] as const,
  ),
  ...['big5', 'big5hkscs', 'big5hkscs2008', 'cnbig5', 'big5cn', 'xbig5', 'cp950', 'windows950', 'ms950', 'hkscs'].map((label) => [label, 'big5hkscs'] as const),
]);

/** The encoding a charset label names, when it is one of ours to decode; otherwise null. */
export function cjkEncoding(label: string | null | undefined): CjkEncoding | null {
  if (!label) return null;
  const normalised = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase()
    .replace(/^(x-|cs)/, '')
    .replace(/[\s._:-]+/g, '');
  return LABELS.get(normalised) ?? null;
}

/** A fast test whether a raw message names one of our charsets anywhere (most mail does not). */
export function mentionsCjkCharset(latin1: string): CjkEncoding | null {
  const found = /charset\s*=\s*["']?([\w.:-]+)|=\?([^?\s*]+)(?:\*[^?]*)?\?[bq]\?/gi;
  for (let m = found.exec(latin1); m; m = found.exec(latin1)) {
    const encoding = cjkEncoding(m[1] ?? m[2]);
    if (encoding) return encoding;
  }
  return null;
}

export function decodeCjk(bytes: Uint8Array, encoding: CjkEncoding): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
}

/**
 * Rewrites the RFC 2047 encoded words of a header that name our charsets as UTF-8 encoded words,
 * decoded with iconv (adjacent words of one charset are joined first: clients split a character
 * across two words). Other words are left to postal-mime. The header is given and answered as a
 * latin1 string (one character per byte), so its other bytes pass untouched.
 */
export function utf8EncodedWords(header: string): string {
  if (!header.includes('=?')) return header;
  return header.replace(encodedWordRuns('*'), (run) => {
    const words = encodedWords(run).map((w) => ({ raw: w.raw, encoding: cjkEncoding(w.label.split('*')[0]), label: w.label.toLowerCase(), bytes: wordBytes(w.kind, w.text) }));
    if (!words.some((w) => w.encoding)) return run;
    const out: string[] = [];
    for (let i = 0; i < words.length; ) {
      const word = words[i];
      if (!word.encoding) {
        out.push(word.raw);
        i++;
        continue;
      }
      const chunks: Buffer[] = [];
      let j = i;
      while (j < words.length && words[j].label === word.label) chunks.push(words[j++].bytes);
      out.push(`=?UTF-8?B?${Buffer.from(decodeCjk(Buffer.concat(chunks), word.encoding), 'utf8').toString('base64')}?=`);
      i = j;
    }
    return out.join(' ');
  });
}

/**
 * Joins adjacent RFC 2047 encoded words of one charset and one encoding into one word of their
 * bytes, as mail clients read them: a sender may split a character across two words
 * (`=?utf-8?B?5L0=?= =?utf-8?B?oOWlvQ==?=` is 你好), and decoding each word alone makes the halves
 * U+FFFD. postal-mime joins such words only when the first ends on a whole base64 group. One
 * header (unfolded or not) in, latin1 in and out.
 */
export function joinEncodedWords(header: string): string {
  if (!header.includes('?=')) return header;
  return header.replace(encodedWordRuns('+'), (run) => {
    const words = encodedWords(run).map((w) => ({ ...w, key: `${w.label.toLowerCase()}?${w.kind.toUpperCase()}` }));
    const out: string[] = [];
    for (let i = 0; i < words.length; ) {
      let j = i + 1;
      while (j < words.length && words[j].key === words[i].key) j++;
      const group = words.slice(i, j);
      out.push(group.length === 1 ? group[0].raw : `=?${group[0].label}?B?${Buffer.concat(group.map((w) => wordBytes(w.kind, w.text))).toString('base64')}?=`);
      i = j;
    }
    return out.join(' ');
  });
}

const ENCODED_WORD = String.raw`=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=`;

/** Runs of RFC 2047 encoded words separated by white space only: one or more (`*`), two or more (`+`). */
function encodedWordRuns(more: '*' | '+'): RegExp {
  return new RegExp(`${ENCODED_WORD}(?:\\s*${ENCODED_WORD})${more}`, 'g');
}

/** A run's words: the word as written, its charset label, its encoding (B or Q) and its text. */
function encodedWords(run: string): { raw: string; label: string; kind: string; text: string }[] {
  return [...run.matchAll(new RegExp(ENCODED_WORD, 'g'))].map((w) => ({ raw: w[0], label: w[1], kind: w[2], text: w[3] }));
}

function wordBytes(kind: string, text: string): Buffer {
  if (kind.toUpperCase() === 'B') return Buffer.from(text.replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
  return Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
}

/**
 * Rewrites RFC 2231 parameters (`filename*=gb2312''%C4%E3`, and their continuations
 * `filename*0*=…; filename*1*=…`) that name our charsets as one UTF-8 parameter. Latin1 in and out.
 */
export function utf8ExtendedParams(header: string): string {
  if (!header.includes('*=')) return header;
  const segments = new Map<string, { index: number; value: string; extended: boolean; raw: string }[]>();
  for (const m of header.matchAll(/;\s*([\w.-]+)\*(?:(\d{1,3})(\*)?|)=\s*("[^"]*"|[^;\s]*)/g)) {
    const name = m[1].toLowerCase();
    const continued = m[2] !== undefined;
    const list = segments.get(name) ?? [];
    list.push({ index: continued ? Number(m[2]) : 0, value: m[4].replace(/^"|"$/g, ''), extended: continued ? m[3] === '*' : true, raw: m[0] });
    segments.set(name, list);
  }
  let out = header;
  for (const [name, list] of segments) {
    list.sort((a, b) => a.index - b.index);
    const first = /^([^']*)'[^']*'(.*)$/.exec(list[0].value);
    const encoding = first && list[0].extended ? cjkEncoding(first[1]) : null;
    if (!first || !encoding) continue;
    const bytes = Buffer.concat(list.map((s, i) => (s.extended ? percentBytes(i === 0 ? first[2] : s.value) : Buffer.from(s.value, 'latin1'))));
    for (const s of list) out = out.replace(s.raw, '');
    out = `${out.replace(/\s+$/, '')}; ${name}*=utf-8''${encodeURIComponent(decodeCjk(bytes, encoding))}`;
  }
  return out;
}

function percentBytes(text: string): Buffer {
  return Buffer.from(text.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
}
