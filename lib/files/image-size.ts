/**
 * An image's pixel size, read from its header alone (nothing is decoded). A few kilobytes of PNG
 * can claim 50,000 × 50,000 pixels: stored and shown as a post's cover, every visitor's browser
 * would try to decode 10 GB. Knows the formats uploads accept (lib/files/rules.ts); null when the
 * header does not say (a truncated or broken file).
 */
export function imagePixelSize(bytes: Uint8Array, mime: string): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const has = (end: number) => end <= bytes.byteLength;
  switch (mime) {
    case 'image/png':
      // IHDR is the first chunk: width and height, big-endian, at 16 and 20.
      return has(24) ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
    case 'image/gif':
      // The logical screen: little-endian, at 6 and 8 (frames larger than it are clipped).
      return has(10) ? { width: view.getUint16(6, true), height: view.getUint16(8, true) } : null;
    case 'image/webp':
      return webpSize(bytes, view);
    case 'image/jpeg':
      return jpegSize(bytes, view);
    default:
      return null;
  }
}

function webpSize(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  if (bytes.byteLength < 30) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return null;
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic), not DHT (C4), JPG (C8), DAC (CC).
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  // Walks the segments from SOI; each says its own length, so this is one pass over the headers.
  let at = 2;
  while (at + 9 <= bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (SOF.has(marker)) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}
