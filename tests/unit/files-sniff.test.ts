import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@/lib/files/rules';
import { SNIFF_BYTES, sniffMime } from '@/lib/files/sniff';

const hex = (h: string, pad = 64) => new Uint8Array(Buffer.concat([Buffer.from(h.replace(/\s/g, ''), 'hex'), Buffer.alloc(pad)]));
const ascii = (s: string, pad = 64) => new Uint8Array(Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(pad)]));

// A real 1x1 PNG (as in the upload tests) and the heads of the other types.
const samples: [string, Uint8Array, string | null][] = [
  ['png', hex('89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8CFC0F01F0005000201B5A0F0A70000000049454E44AE426082', 0), 'image/png'],
  ['jpeg', hex('FFD8FFE000104A46494600010100000100010000'), 'image/jpeg'],
  ['gif', ascii('GIF89a\x01\x00\x01\x00\x80\x00\x00'), 'image/gif'],
  ['webp', ascii('RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00'), 'image/webp'],
  ['mp4', hex('000000186674797069736F6D0000020069736F6D61766331'), 'video/mp4'],
  ['webm', hex('1A45DFA39F4286810142F7810142F2810442F381084282847765626D42878104428581021853'), 'video/webm'],
  ['matroska (not webm)', hex('1A45DFA3A34286810142F7810142F2810442F3810842828B6D6174726F736B614287810442858102'), null],
  ['heic', hex('00000018667479706865696300000000686569636D696631'), null],
  ['quicktime', hex('0000001466747970717420200000000071742020'), null],
  ['exe', hex('4D5A90000300000004000000FFFF0000B800000000000000400000000000000000000000000000000000'), null],
  ['pdf', ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), null],
  ['svg (text)', ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
  ['html', ascii('<!doctype html><html><body>hi</body></html>'), null],
  ['empty', new Uint8Array(0), null],
];

describe('sniffMime (the browser pre-check of uploads)', () => {
  it.each(samples)('%s', async (_name, bytes, expected) => {
    expect(sniffMime(bytes.subarray(0, SNIFF_BYTES))).toBe(expected);
    // Whatever the browser lets through, the server (file-type, from the bytes) calls the same.
    const server = (await fileTypeFromBuffer(bytes))?.mime;
    if (expected) expect(server).toBe(expected);
    else expect([...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES] as string[]).not.toContain(server);
  });

  it('ignores the name: the bytes decide', () => {
    // The name never reaches sniffMime; file.type (the extension) is not consulted either.
    expect(sniffMime(samples[0][1])).toBe('image/png');
    expect(sniffMime(samples[9][1])).toBeNull();
  });
});
