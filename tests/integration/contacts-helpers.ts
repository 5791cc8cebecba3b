import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';

type Handler = (request: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** A multipart call of a route handler, as a browser's form upload would make it. */
export async function upload(handler: Handler, path: string, token: string, file: { name: string; bytes: Uint8Array | Buffer }, fields: Record<string, string> = {}, locale = 'en-US') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(file.bytes)], file.name));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`http://localhost/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': locale }, body: form });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

export async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('S');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function xlsOf(rows: (string | number)[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'S');
  return XLSX.write(workbook, { bookType: 'xls', type: 'buffer' }) as Buffer;
}

export function csvOf(text: string, bom = true): Buffer {
  return Buffer.from((bom ? '\uFEFF' : '') + text, 'utf8');
}
