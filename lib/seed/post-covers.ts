import zlib from 'node:zlib';

/** Colours of a generated cover: a diagonal gradient from `from` to `to`, with soft light spots. */
export interface CoverPalette {
  from: [number, number, number];
  to: [number, number, number];
  spot: [number, number, number];
}

/**
 * A small PNG cover for demo articles, drawn here so the seed needs no image files or image
 * libraries: a warm gradient with a few blurred "bokeh" circles, like a café window photo.
 */
export function demoCoverPng(palette: CoverPalette, seed: number, width = 800, height = 420): Uint8Array {
  const spots = Array.from({ length: 7 }, (_, i) => {
    const r = pseudo(seed * 31 + i * 7);
    return { x: pseudo(seed + i * 13) * width, y: pseudo(seed * 3 + i * 5) * height, radius: 40 + r * 110, alpha: 0.18 + pseudo(seed + i) * 0.25 };
  });
  const rowBytes = width * 3 + 1;
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.6 + (y / height) * 0.4;
      let rgb = palette.from.map((c, i) => c + (palette.to[i] - c) * t);
      for (const s of spots) {
        const d = Math.hypot(x - s.x, y - s.y) / s.radius;
        if (d < 1) {
          const a = s.alpha * (1 - d * d);
          rgb = rgb.map((c, i) => c + (palette.spot[i] - c) * a);
        }
      }
      const at = y * rowBytes + 1 + x * 3;
      raw[at] = Math.round(rgb[0]);
      raw[at + 1] = Math.round(rgb[1]);
      raw[at + 2] = Math.round(rgb[2]);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, crc]);
}

// Deterministic 0..1 noise, so every seed run draws the same covers.
function pseudo(n: number): number {
  const x = Math.sin(n * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}
