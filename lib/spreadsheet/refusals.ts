import { AppError } from '@/lib/errors/app-error';
import { MAX_CELL_CHARS, MAX_FILE_BYTES, MAX_SHEET_CELLS } from './limits';

/**
 * Every refusal of a spreadsheet upload, shared by the contacts and the reviews imports: the
 * message says what the file is, so the user knows what to do with it.
 */
export const refuse = {
  empty: () => new AppError('VALIDATION', 'spreadsheet.errors.empty'),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'spreadsheet.errors.tooLarge', { values: { size: MAX_FILE_BYTES / 1024 / 1024 } }),
  wrongType: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'spreadsheet.errors.wrongType'),
  htmlPage: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'spreadsheet.errors.htmlPage'),
  xmlSpreadsheet: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'spreadsheet.errors.xmlSpreadsheet'),
  passwordProtected: () => new AppError('VALIDATION', 'spreadsheet.errors.passwordProtected'),
  cutOff: () => new AppError('VALIDATION', 'spreadsheet.errors.cutOff'),
  unreadable: () => new AppError('VALIDATION', 'spreadsheet.errors.unreadable'),
  unpackedTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'spreadsheet.errors.unpackedTooLarge'),
  cellOutOfRange: (cell: string) => new AppError('VALIDATION', 'spreadsheet.errors.cellOutOfRange', { values: { cell: cell.slice(0, 24) } }),
  tooManyCells: () => new AppError('PAYLOAD_TOO_LARGE', 'spreadsheet.errors.tooManyCells', { values: { max: thousands(MAX_SHEET_CELLS) } }),
  cellTooLong: (cell: string) => new AppError('VALIDATION', 'spreadsheet.errors.cellTooLong', { values: { cell: cell.slice(0, 24), max: thousands(MAX_CELL_CHARS) } }),
  noSheet: () => new AppError('VALIDATION', 'spreadsheet.errors.noSheet'),
  noRows: () => new AppError('VALIDATION', 'spreadsheet.errors.noRows'),
  unclosedQuote: (row: number) => new AppError('VALIDATION', 'spreadsheet.errors.unclosedQuote', { values: { row } }),
};

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
