import iconv from 'iconv-lite';

/**
 * The text of a CSV or tab-separated file, from whichever encoding the program that wrote it
 * used: a byte-order mark decides (UTF-8, UTF-16 LE as Excel's "Unicode text" writes it, UTF-16
 * BE); without one, UTF-16 is recognised by its zero bytes, then strict UTF-8 is tried, then
 * Big5-HKSCS (Excel on Traditional Chinese Windows, Hong Kong and Taiwan) when the bytes look like
 * it, else GB18030 (Excel on Simplified Chinese Windows), unless its reading shows the signs of a
 * wrong guess that the Big5-HKSCS reading does not (wrongEncodingSigns). Null when the bytes are
 * no text at all.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', bytes.subarray(2));
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return decode(utf16, bytes);
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const big5 = () => iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'big5hkscs');
    if (hasBig5Trails(bytes)) {
      const text = big5();
      if (!text.includes('\uFFFD')) return text;
    }
    const gb = new TextDecoder('gb18030').decode(bytes);
    const gbSigns = wrongEncodingSigns(gb);
    if (gbSigns === 0) return gb;
    const text = big5();
    return wrongEncodingSigns(text) < gbSigns ? text : gb;
  }
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
  const end = Math.min(bytes.byteLength, 64 * 1024);
  for (let i = 0; i < end - 1; i++) {
    if (bytes[i] < 0x81 || bytes[i] === 0xff) continue;
    const trail = bytes[++i];
    if (trail >= 0x30 && trail <= 0x39) return false; // a GB18030 four-byte sequence
    pairs++;
    if (trail >= 0x40 && trail <= 0x7e) lowTrails++;
  }
  return pairs > 0 && lowTrails >= pairs * 0.1;
}

function decode(encoding: string, bytes: Uint8Array): string | null {
  const text = new TextDecoder(encoding).decode(bytes);
  // Control characters other than tab and line ends in the first few KB: a binary file.
  return /[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096)) ? null : text;
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
