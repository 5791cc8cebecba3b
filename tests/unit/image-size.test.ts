import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imagePixelSize } from '@/lib/files/image-size';

const dir = path.join(process.cwd(), 'tests/fixtures/images');
const sample = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));

describe("an image's pixel size from its header (found from outside: a pixel-flood PNG was stored)", () => {
  it('reads the size each encoder wrote, in every accepted format', () => {
    const cases: [string, string, number, number][] = [
      ['baseline-300x200.jpg', 'image/jpeg', 300, 200],
      ['progressive-64x48.jpg', 'image/jpeg', 64, 48],
      ['exif-oriented-30x20.jpg', 'image/jpeg', 30, 20],
      ['rgba-120x80.png', 'image/png', 120, 80],
      ['anim-40x30.gif', 'image/gif', 40, 30],
      ['lossy-90x60.webp', 'image/webp', 90, 60],
      ['lossless-77x33.webp', 'image/webp', 77, 33],
      ['alpha-50x70.webp', 'image/webp', 50, 70],
    ];
    for (const [name, mime, width, height] of cases) expect(imagePixelSize(sample(name), mime), name).toEqual({ width, height });
  });

  it('reads the size a pixel flood claims in a few hundred bytes', () => {
    const png = sample('rgba-120x80.png');
    new DataView(png.buffer, png.byteOffset).setUint32(16, 50_000);
    new DataView(png.buffer, png.byteOffset).setUint32(20, 50_000);
    expect(imagePixelSize(png, 'image/png')).toEqual({ width: 50_000, height: 50_000 });
    const jpeg = sample('baseline-300x200.jpg');
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    new DataView(jpeg.buffer, jpeg.byteOffset).setUint16(sof + 5, 65_000);
    new DataView(jpeg.buffer, jpeg.byteOffset).setUint16(sof + 7, 65_000);
    expect(imagePixelSize(jpeg, 'image/jpeg')).toEqual({ width: 65_000, height: 65_000 });
  });

  it('answers null for a cut or broken header, never throws, whatever the bytes', () => {
    expect(imagePixelSize(sample('rgba-120x80.png').subarray(0, 20), 'image/png')).toBeNull();
    expect(imagePixelSize(sample('baseline-300x200.jpg').subarray(0, 40), 'image/jpeg')).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp'), (bytes, mime) => {
        const size = imagePixelSize(bytes, mime);
        expect(size === null || (Number.isInteger(size.width) && Number.isInteger(size.height))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
