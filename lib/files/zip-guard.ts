import { inflateRawSync } from 'node:zlib';

export type ZipInflation = 'ok' | 'tooBig' | 'broken';

/**
 * Proves that every entry of a zip unpacks to no more than its central directory declares, by
 * inflating each one with a bounded inflate (node stops as soon as the output passes the declared
 * size, so a lying entry costs microseconds and a few KB, never its real size). A reader that
 * trusts the declared sizes (checkZip in lib/contacts/import/file-kind.ts bounds those) can then
 * hand the file to a library that unzips entries in full, like ExcelJS through JSZip: the bytes it
 * inflates are the same ones checked here. One entry's output is held at a time and dropped.
 */
export function checkZipInflation(bytes: Uint8Array): ZipInflation {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let eocd = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 65535); i--) {
    if (u32(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'broken';
  const count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.byteLength || u32(offset) !== 0x02014b50) return 'broken';
    const method = u16(offset + 10);
    const compressed = u32(offset + 20);
    const declared = u32(offset + 24);
    const local = u32(offset + 42);
    offset += 46 + u16(offset + 28) + u16(offset + 30) + u16(offset + 32);
    if (local + 30 > bytes.byteLength || u32(local) !== 0x04034b50) return 'broken';
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + compressed > bytes.byteLength) return 'broken';
    if (method === 0) {
      // Stored: what a reader copies out is the compressed slice itself.
      if (compressed > declared) return 'tooBig';
      continue;
    }
    if (method !== 8) return 'broken';
    try {
      inflateRawSync(bytes.subarray(start, start + compressed), { maxOutputLength: Math.max(declared, 1) });
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'tooBig' : 'broken';
    }
  }
  return 'ok';
}
