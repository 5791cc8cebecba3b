import chardet from 'chardet';
import iconv from 'iconv-lite';
import { textEncodings, type TextEncoding } from './text-encodings';

export { textEncodings, type TextEncoding };

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

/**
 * The text of a CSV or tab-separated file and the encoding it was read in: `encoding` when the
 * merchant chose one, else the one detected. A byte-order mark decides (UTF-8, UTF-16 LE as
 * Excel's "Unicode text" writes it, UTF-16 BE); without one, UTF-16 is recognised by its zero
 * bytes, then strict UTF-8 is tried, then the legacy encodings (detectLegacy). Null when the bytes
 * are no text at all. A byte the encoding does not define reads as U+FFFD, which the import
 * refuses to store (it asks for another encoding instead).
 */
export function decodeText(bytes: Uint8Array, encoding?: TextEncoding): DecodedText | null {
  const chosen = encoding ?? detectEncoding(bytes);
  if (!chosen) return null;
  const text = decodeAs(chosen, bytes);
  return text === null ? null : { text, encoding: chosen };
}

/** The encoding the bytes are most likely in, or null when they are no text (zero bytes outside UTF-16). */
export function detectEncoding(bytes: Uint8Array): TextEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return utf16;
  if (bytes.subarray(0, 8192).includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return detectLegacy(bytes);
  }
}

// Enough of a file for the detector: its statistics settle within a few thousand characters.
const SAMPLE_BYTES = 64 * 1024;

/**
 * A file that is not UTF-8: chardet (a port of Mozilla's detector) weighs the byte statistics of
 * each legacy encoding; its verdict is trusted where it is strong and checked where the
 * encodings share bytes. Japanese (Shift_JIS) and Korean (EUC-KR) when chardet is confident and
 * the reading is whole (Korean text being almost only Hangul: GBK read as EUC-KR gives Hanja);
 * Western (Windows-1252: Outlook and Excel in Western Europe) when the bytes have its shape, a
 * lone accented letter between plain ones, where every CJK encoding writes a character as two
 * or more bytes in a row; else Chinese, GB18030 or Big5-HKSCS (chineseEncoding).
 */
function detectLegacy(bytes: Uint8Array): TextEncoding {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const confidence = new Map<TextEncoding, number>();
  for (const match of chardet.analyse(sample)) {
    const ours = CHARDET_NAMES[match.name.toLowerCase()];
    if (ours && !confidence.has(ours)) confidence.set(ours, match.confidence);
  }
  const of = (e: TextEncoding) => confidence.get(e) ?? 0;
  if (of('shift_jis') >= 70 && isWhole(decodeAs('shift_jis', sample))) return 'shift_jis';
  if (of('euc-kr') >= 40) {
    const korean = decodeAs('euc-kr', sample);
    if (korean !== null && isWhole(korean) && hangulShare(korean) >= 0.9) return 'euc-kr';
  }
  if (hasWesternShape(sample)) return 'windows-1252';
  if (of('shift_jis') >= 50 && isWhole(decodeAs('shift_jis', sample))) return 'shift_jis';
  return chineseEncoding(bytes);
}

// chardet's names of the encodings we read (the Latin family are all read as Windows-1252, their superset for letters).
const CHARDET_NAMES: Record<string, TextEncoding> = {
  shift_jis: 'shift_jis',
  'euc-kr': 'euc-kr',
  gb18030: 'gb18030',
  big5: 'big5hkscs',
  'iso-8859-1': 'windows-1252',
  'iso-8859-15': 'windows-1252',
  'windows-1252': 'windows-1252',
};

/** The text of `bytes` in `encoding`; null when it holds control characters (a binary file). */
export function decodeAs(encoding: TextEncoding, bytes: Uint8Array): string | null {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ICONV_NAMES[encoding], { stripBOM: true });
  // Control characters other than tab and line ends in the first few KB: a binary file.
  return /[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096)) ? null : text;
}

const ICONV_NAMES: Record<TextEncoding, string> = {
  'utf-8': 'utf-8',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'windows-1252': 'windows-1252',
  gb18030: 'gb18030',
  big5hkscs: 'big5hkscs',
  shift_jis: 'shift_jis',
  'euc-kr': 'euc-kr',
};

function isWhole(text: string | null): boolean {
  return text !== null && !text.includes('\uFFFD');
}

function hangulShare(text: string): number {
  let hangul = 0;
  let other = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x80) continue;
    if ((code >= 0xac00 && code <= 0xd7a3) || (code >= 0x3131 && code <= 0x318e)) hangul++;
    else other++;
  }
  return hangul + other === 0 ? 0 : hangul / (hangul + other);
}

/**
 * Western text has its non-ASCII bytes alone (é, ü, ß, ñ between plain letters); a CJK encoding
 * writes each character as two bytes, the first always 0x81 or above, so its names give runs of
 * two, four, six. Most runs of one, and none longer than three (œ, “ and ” beside a letter), is
 * Western.
 */
function hasWesternShape(bytes: Uint8Array): boolean {
  let runs = 0;
  let single = 0;
  let run = 0;
  const end = () => {
    if (run === 0) return true;
    runs++;
    if (run === 1) single++;
    const ok = run <= 3;
    run = 0;
    return ok;
  };
  for (let i = 0; i < bytes.byteLength; i++) {
    if (bytes[i] >= 0x80) run++;
    else if (!end()) return false;
  }
  if (!end()) return false;
  return runs > 0 && single >= runs * 0.8;
}

/**
 * GB18030 (Excel on Simplified Chinese Windows) or Big5-HKSCS (Excel on Traditional Chinese
 * Windows, Hong Kong and Taiwan): Big5-HKSCS when the bytes look like it and read whole in it,
 * else GB18030, unless its reading shows the signs of a wrong guess that the Big5-HKSCS reading
 * does not (wrongEncodingSigns).
 */
function chineseEncoding(bytes: Uint8Array): TextEncoding {
  const big5 = () => decodeAs('big5hkscs', bytes) ?? '\uFFFD';
  if (hasBig5Trails(bytes) && isWhole(big5())) return 'big5hkscs';
  const gbSigns = wrongEncodingSigns(decodeAs('gb18030', bytes) ?? '\uFFFD');
  if (gbSigns === 0) return 'gb18030';
  return wrongEncodingSigns(big5()) < gbSigns ? 'big5hkscs' : 'gb18030';
}

/**
 * What a Chinese file read in the wrong one of GB18030 and Big5 shows: Big5's characters land on
 * GB2312's rows of symbols and foreign letters (Cyrillic, Greek, kana, box drawing, pinyin) and on
 * GBK's user-defined area (Private Use characters); GB text read as Big5 gives bytes Big5 does not
 * define (U+FFFD) and HKSCS's kana and symbols. Names, e-mails and notes hold none of these, so
 * the reading with fewer is the file's (a GB18030 reading without any is taken as it is).
 */
const WRONG_ENCODING_SIGNS = /[\uFFFD\uE000-\uF8FF\u0100-\u024F\u0370-\u04FF\u2500-\u257F\u3040-\u30FF\u3100-\u312F\uFE30-\uFE4F]/g;

function wrongEncodingSigns(text: string): number {
  let signs = 0;
  for (const m of text.matchAll(WRONG_ENCODING_SIGNS)) signs += m[0] === '\uFFFD' ? 10 : 1;
  return signs;
}

/**
 * Big5 and GB2312/GBK share their lead bytes, but Big5 puts about a third of its characters on
 * trail bytes 0x40-0x7E, which GB2312 never uses and GBK only for rare characters; Big5 also has
 * no four-byte sequences (GB18030's digit trail). Many such trails, and then a clean Big5-HKSCS
 * reading, mean Big5. HKSCS matters: Cantonese 哋 嘅 咗 啲 喺 are only there, not in plain Big5.
 */
function hasBig5Trails(bytes: Uint8Array): boolean {
  let pairs = 0;
  let lowTrails = 0;
  const end = Math.min(bytes.byteLength, SAMPLE_BYTES);
  for (let i = 0; i < end - 1; i++) {
    if (bytes[i] < 0x81 || bytes[i] === 0xff) continue;
    const trail = bytes[++i];
    if (trail >= 0x30 && trail <= 0x39) return false; // a GB18030 four-byte sequence
    pairs++;
    if (trail >= 0x40 && trail <= 0x7e) lowTrails++;
  }
  return pairs > 0 && lowTrails >= pairs * 0.1;
}

/** Plain-ASCII-heavy UTF-16 without a mark: every second byte of the first KB is zero. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.byteLength, 1024) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.6 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros === 0) return 'utf-16be';
  return null;
}
