import { MAX_FILE_BYTES } from './limits';
import { refuse } from './refusals';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv' | 'vcf';
/** What the bytes are, whatever the name says. */
export type Container = 'zip' | 'ole' | 'biff' | 'text' | 'vcard';

const EXTENSIONS: readonly SpreadsheetKind[] = ['xlsx', 'xls', 'csv', 'vcf'];

/**
 * The container the bytes really are, checked against the name: the extension must be one we
 * take, a zip or compound file must not be called .csv, text must be called .csv (a CSV renamed
 * to .xlsx is refused as before). A web page or an Excel 2003 XML file saved under a spreadsheet
 * name is refused as what it is.
 */
export function detectContainer(fileName: string, bytes: Uint8Array): Container {
  if (bytes.byteLength === 0) throw refuse.empty();
  if (bytes.byteLength > MAX_FILE_BYTES) throw refuse.tooLarge();
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (!EXTENSIONS.includes(extension as SpreadsheetKind)) throw refuse.wrongType();
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    if (extension === 'csv') throw refuse.wrongType();
    return 'zip';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (extension === 'csv') throw refuse.wrongType();
    return 'ole';
  }
  if (isBiffStream(bytes)) {
    if (extension !== 'xls') throw refuse.wrongType();
    return 'biff';
  }
  const markup = markupKind(bytes);
  if (markup === 'html') throw refuse.htmlPage();
  if (markup === 'spreadsheetml') throw refuse.xmlSpreadsheet();
  if (extension === 'vcf') return 'vcard';
  if (extension !== 'csv') throw refuse.wrongType();
  return 'text';
}

/**
 * Excel 2.x-4.x saved a worksheet as bare BIFF records: a BOF record (type 0x0009, 0x0209 or
 * 0x0409, length 4-16) whose version word names a worksheet (0x0010) in BIFF3-4.
 */
function isBiffStream(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 8 || bytes[0] !== 0x09 || ![0x00, 0x02, 0x04].includes(bytes[1])) return false;
  const length = bytes[2] | (bytes[3] << 8);
  return bytes[3] === 0 && length >= 4 && length <= 16;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/**
 * "Export to Excel" buttons and Excel's own "Web page" and "XML Spreadsheet 2003" types write
 * markup under an .xls name: the start of the file tells (in UTF-8 or UTF-16).
 */
function markupKind(bytes: Uint8Array): 'html' | 'spreadsheetml' | null {
  const head = bytes.subarray(0, 2048);
  const utf16 = head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : null;
  const text = new TextDecoder(utf16 ?? 'latin1').decode(head).replace(/^(\uFEFF|ï»¿)/, '').trimStart().toLowerCase();
  if (/^(<!doctype html|<html|<table|<meta|<head|<body|<style)/.test(text)) return 'html';
  if (/^mime-version:/.test(text) && text.includes('text/html')) return 'html';
  if (text.startsWith('<?xml') || text.startsWith('<?mso-application')) {
    if (text.includes('urn:schemas-microsoft-com:office:spreadsheet')) return 'spreadsheetml';
    if (/<html/.test(text)) return 'html';
  }
  return null;
}
