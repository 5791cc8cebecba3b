/**
 * The leading apostrophe our exports put before a cell that a spreadsheet program would otherwise
 * change, and its removal on import. In a CSV, Excel, LibreOffice and Gnumeric read a cell as a
 * formula when it starts with = + - @ (or tab, CR), and as a number when it looks like one: a zip
 * "02134" became 2134, a member number of more than 15 digits lost its last digits, "1E5" became
 * 100000. A leading ' makes them keep the text as it is (and drop the '); a value that already
 * starts with ' is guarded too, so that the one ' the import (or the spreadsheet) drops is ours.
 */

// What a spreadsheet would run as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
// Digits a spreadsheet would read as a number and change: a leading zero (zips, member numbers),
// more than the 15 significant digits a spreadsheet keeps, an exponent form ("1E5", "2.5e-3"), or
// a decimal's trailing zero ("1.50" became 1.5).
const CHANGED_NUMBER = /^(?:0\d+(?:\.\d+)?|\d{16,}|\d*\.?\d+[eE][+-]?\d+|\d*\.\d*0)$/;

/** Whether a CSV cell needs the leading ' to reach a spreadsheet and come back as it is. */
export function needsGuard(value: string): boolean {
  return FORMULA_START.test(value) || value.startsWith("'") || CHANGED_NUMBER.test(value);
}

/**
 * A cell as the import reads it: the ' our export put before a guarded value is dropped. (The
 * spreadsheet intake has already dropped it before = + - @ and tab, lib/spreadsheet/table.ts,
 * so what is left to undo here is the guard of a ', a leading zero, a long number or an exponent.)
 */
export function unguardCell(value: string): string {
  return value.startsWith("'") && needsGuard(value.slice(1)) ? value.slice(1) : value;
}
