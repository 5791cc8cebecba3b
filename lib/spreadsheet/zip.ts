import { inflateRawSync } from 'node:zlib';
import { MAX_UNPACK_RATIO, MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES, RATIO_CHECKED_BYTES } from './limits';
import { refuse } from './refusals';

export interface ZipArchive {
  /** Entry names as stored (leading "/" dropped, "\" read as "/"). */
  names: string[];
  /** An entry's unpacked bytes (part names are case-insensitive), or null when absent. */
  read(name: string): Buffer | null;
  /** True when some entry unpacks to more than its directory declares (a lying zip bomb). */
  anyEntryLies(): boolean;
}

interface Entry {
  method: number;
  flags: number;
  compressed: number;
  declared: number;
  local: number;
}

/**
 * The one zip reader of the project. Everything is decided from the central directory before a
 * byte is unpacked: entry count, declared sizes (their sum bounded), every offset inside the file.
 * Each entry is then unpacked on demand with a bounded inflate that stops as soon as the output
 * passes the declared size, so a zip that lies costs microseconds, never its real size.
 */
export function openZip(bytes: Uint8Array): ZipArchive {
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
  // No end record: the file stops before its directory, as a cut-off download does.
  if (eocd < 0) throw refuse.cutOff();
  const count = u16(eocd + 10);
  const directoryOffset = u32(eocd + 16);
  if (count > MAX_ZIP_ENTRIES) throw refuse.unpackedTooLarge();
  if (directoryOffset === 0xffffffff) throw refuse.unpackedTooLarge(); // zip64: never needed by a 2 MB spreadsheet
  if (directoryOffset > eocd) throw refuse.cutOff();
  const entries = new Map<string, Entry>();
  const names: string[] = [];
  const latin1 = new TextDecoder('latin1');
  const utf8 = new TextDecoder('utf-8');
  let offset = directoryOffset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > eocd || u32(offset) !== 0x02014b50) throw refuse.unreadable();
    const flags = u16(offset + 8);
    const entry: Entry = { flags, method: u16(offset + 10), compressed: u32(offset + 20), declared: u32(offset + 24), local: u32(offset + 42) };
    const nameLength = u16(offset + 28);
    if (offset + 46 + nameLength > eocd) throw refuse.unreadable();
    const rawName = bytes.subarray(offset + 46, offset + 46 + nameLength);
    const name = ((flags & 0x800) !== 0 ? utf8 : latin1).decode(rawName).replace(/\\/g, '/').replace(/^\/+/, '');
    offset += 46 + nameLength + u16(offset + 30) + u16(offset + 32);
    if (entry.declared === 0xffffffff || entry.compressed === 0xffffffff) throw refuse.unpackedTooLarge();
    total += entry.declared;
    if (total > MAX_UNPACKED_BYTES) throw refuse.unpackedTooLarge();
    if (entry.declared > RATIO_CHECKED_BYTES && entry.declared > entry.compressed * MAX_UNPACK_RATIO) throw refuse.unpackedTooLarge();
    if (entry.local + 30 > bytes.byteLength) throw refuse.cutOff();
    const key = name.toLowerCase();
    if (!entries.has(key)) {
      entries.set(key, entry);
      names.push(name);
    }
  }

  const inflate = (entry: Entry): Buffer => {
    if ((entry.flags & 0x1) !== 0) throw refuse.passwordProtected();
    if (u32(entry.local) !== 0x04034b50) throw refuse.unreadable();
    const start = entry.local + 30 + u16(entry.local + 26) + u16(entry.local + 28);
    if (start + entry.compressed > bytes.byteLength) throw refuse.cutOff();
    const data = bytes.subarray(start, start + entry.compressed);
    if (entry.method === 0) {
      if (entry.compressed > entry.declared) throw refuse.unpackedTooLarge();
      return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    }
    if (entry.method !== 8) throw refuse.unreadable();
    try {
      return inflateRawSync(data, { maxOutputLength: Math.max(entry.declared, 1) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw refuse.unpackedTooLarge();
      throw refuse.unreadable();
    }
  };

  return {
    names,
    read(name) {
      const entry = entries.get(name.replace(/^\/+/, '').toLowerCase());
      return entry ? inflate(entry) : null;
    },
    anyEntryLies() {
      for (const entry of entries.values()) {
        try {
          inflate(entry);
        } catch (error) {
          if ((error as { messageKey?: string }).messageKey === 'spreadsheet.errors.unpackedTooLarge') return true;
        }
      }
      return false;
    },
  };
}
