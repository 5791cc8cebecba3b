import ExcelJS from 'exceljs';
import type { Locale } from '@/lib/i18n/locales';
import { translatorFor } from '@/lib/i18n/translator';
import { SHEET_HEADERS } from '../import/columns';

const EXAMPLES: Record<Locale, string[][]> = {
  'zh-CN': [
    ['王', '小明', 'xiaoming.wang@example.com', '+86 138 0013 8000', '男', '', '客户', 'VIP, 常客', '是', '是'],
    ['李', '娜', 'li.na@example.com', '', '女', '', '潜在客户', '', '是', ''],
  ],
  'en-US': [
    ['Smith', 'Emma', 'emma.smith@example.com', '+1 415 555 0132', 'Female', '', 'Customer', 'VIP, Regular', 'Yes', 'Yes'],
    ['Chan', 'Kelvin', 'kelvin.chan@example.com', '', 'Male', '', 'Leads', '', 'Yes', ''],
  ],
  'zh-HK': [
    ['陳', '大文', 'taiman.chan@example.com', '+852 9123 4567', '男', '', '客戶', 'VIP, 熟客', '是', '是'],
    ['黃', '嘉欣', 'kayan.wong@example.com', '', '女', '', '潛在客戶', '', '是', ''],
  ],
};

/** The sample spreadsheet: headers in the user's language and two example rows. */
export async function sampleSpreadsheet(locale: Locale): Promise<Buffer> {
  const h = SHEET_HEADERS[locale];
  const t = translatorFor(locale);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('contacts.import.sampleSheetName'));
  sheet.addRow([h.lastName, h.firstName, h.email, h.phone, h.gender, h.location, h.type, h.tags, h.emailOptIn, h.smsOptIn]).font = { bold: true };
  for (const row of EXAMPLES[locale]) sheet.addRow(row);
  sheet.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
