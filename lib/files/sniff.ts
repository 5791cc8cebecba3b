/**
 * The browser's pre-check of an upload's type, from its first bytes like the server's (which uses
 * file-type and decides): a PNG renamed .exe is a PNG, an .exe renamed .png is not an image.
 * Knows only the signatures of the types we accept (lib/files/rules.ts); anything else is null.
 */

/** How many leading bytes `sniffMime` needs (WebM names its DocType within them). */
export const SNIFF_BYTES = 64;

// ISO base media brands that are still images (HEIC, AVIF): not videos, whatever the box says.
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

export function sniffMime(bytes: Uint8Array): string | null {
  const at = (offset: number, signature: number[]) => signature.every((b, i) => bytes[offset + i] === b);
  const text = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'image/gif';
  if (text(0, 4) === 'RIFF' && text(8, 4) === 'WEBP') return 'image/webp';
  if (text(4, 4) === 'ftyp' && bytes.length >= 12) {
    const brand = text(8, 4).trim().toLowerCase();
    // QuickTime ("qt") is not MP4 for the server either.
    return IMAGE_BRANDS.has(brand) || brand === 'qt' ? null : 'video/mp4';
  }
  // EBML (Matroska family): WebM only when its DocType says so.
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return text(0, Math.min(bytes.length, SNIFF_BYTES)).includes('webm') ? 'video/webm' : null;
  return null;
}
