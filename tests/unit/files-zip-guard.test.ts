import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkZipInflation } from '@/lib/files/zip-guard';
import { buildZip, lyingZipBomb, zipBomb } from '@/tests/fixtures/hostile';

describe('checkZipInflation', () => {
  it('passes a genuine .xlsx (written with data descriptors) and an honest zip', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('A').addRow(['x', 1]);
    expect(checkZipInflation(new Uint8Array(await workbook.xlsx.writeBuffer()))).toBe('ok');
    expect(checkZipInflation(buildZip([{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(1000)) }]))).toBe('ok');
  });

  it('finds an entry that unpacks to more than it declares, without unpacking it', () => {
    const started = Date.now();
    expect(checkZipInflation(lyingZipBomb(50))).toBe('tooBig');
    expect(checkZipInflation(zipBomb(10, true))).toBe('tooBig');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('calls a zip it cannot read broken', () => {
    const zip = buildZip([{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(1000)) }]);
    expect(checkZipInflation(new Uint8Array(zip.subarray(0, zip.byteLength - 30)))).toBe('broken');
    const corrupt = Buffer.from(zip);
    corrupt.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 8);
    expect(checkZipInflation(corrupt)).toBe('broken');
    expect(checkZipInflation(Buffer.from('not a zip at all'))).toBe('broken');
  });
});
