import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ServiceContext } from '@/lib/context';
import type { ListFilters } from '../schema';
import { csvCell, exportHeaders, exportRows, xlsxCell } from './export-rows';
import { holdingSlot, takeExportSlot } from './export-slots';
import { dayIn } from '@/lib/time/format';

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The filtered list as .xlsx or .csv (UTF-8 with BOM, so Excel shows Chinese), streamed; two at once per merchant (./export-slots.ts). */
export async function exportContacts(ctx: ServiceContext, filters: ListFilters, format: 'xlsx' | 'csv'): Promise<ExportFile> {
  const give = takeExportSlot(ctx.merchantId);
  try {
    const { headers, customKeys } = await exportHeaders(ctx);
    const stamp = dayIn(ctx.now());
    const rows = exportRows(ctx, filters, customKeys);
    if (format === 'csv') {
      return { fileName: `contacts-${stamp}.csv`, contentType: 'text/csv; charset=utf-8', body: holdingSlot(csvStream(headers, rows), give) };
    }
    return { fileName: `contacts-${stamp}.xlsx`, contentType: XLSX_TYPE, body: holdingSlot(xlsxStream(headers, rows), give) };
  } catch (error) {
    give();
    throw error;
  }
}

function csvStream(headers: string[], rows: AsyncGenerator<string[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${Papa.unparse([headers.map(csvCell)])}\r\n`));
        return;
      }
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`${Papa.unparse(next.value.map((r) => r.map(csvCell)))}\r\n`));
    },
  });
}

function xlsxStream(headers: string[], rows: AsyncGenerator<string[][]>): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Contacts');
  void (async () => {
    try {
      const header = sheet.addRow(headers.map(xlsxCell));
      header.font = { bold: true };
      header.commit();
      for await (const batch of rows) for (const r of batch) sheet.addRow(r.map(xlsxCell)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}
