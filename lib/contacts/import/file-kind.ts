import { AppError } from '@/lib/api/app-error';

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
// A 2 MB .xlsx of ~40,000 rows unpacks to ~25 MB; anything far beyond is a zip bomb.
const MAX_UNPACKED_BYTES = 120 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2000;

export type FileKind = 'xlsx' | 'xls' | 'csv';

/**
 * What the file really is, from its bytes (a renamed file is refused), and its name's extension
 * must be one we accept. Size and zip-bomb limits are checked before any parser runs.
 */
export function detectFileKind(fileName: string, bytes: Uint8Array): FileKind {
  if (bytes.byteLength === 0) throw new AppError('VALIDATION', 'contacts.import.errors.empty');
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'contacts.import.errors.tooLarge', { values: { size: 2 } });
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (!['xlsx', 'xls', 'csv'].includes(extension)) throw wrongType();
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (extension === 'csv') throw wrongType();
    checkZip(bytes);
    return 'xlsx';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (extension === 'csv') throw wrongType();
    return 'xls';
  }
  if (extension !== 'csv' || !looksLikeText(bytes)) throw wrongType();
  return 'csv';
}

function wrongType(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'contacts.import.errors.wrongType');
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  for (const b of sample) if (b === 0) return false;
  return true;
}

/** Reads the zip's central directory: entry count and declared unpacked sizes, before unzipping. */
export function checkZip(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw wrongType();
  const entries = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entries > MAX_ZIP_ENTRIES || entries === 0xffff || directoryOffset === 0xffffffff) throw tooBig();
  let offset = directoryOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== 0x02014b50) throw wrongType();
    const unpacked = view.getUint32(offset + 24, true);
    if (unpacked === 0xffffffff) throw tooBig(); // zip64: never needed by a 2 MB spreadsheet
    total += unpacked;
    if (total > MAX_UNPACKED_BYTES) throw tooBig();
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
}

function tooBig(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'contacts.import.errors.unpackedTooLarge');
}
