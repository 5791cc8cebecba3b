/** The bounds every spreadsheet upload is held to, whatever program wrote it. */

export const MAX_FILE_BYTES = 2 * 1024 * 1024;
// A 2 MB .xlsx of ~40,000 rows unpacks to ~25 MB; anything far beyond is a zip bomb.
export const MAX_UNPACKED_BYTES = 120 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 2000;
/**
 * A part that would unpack to more than this many times its packed size, once past
 * RATIO_CHECKED_BYTES, is padding, not cells: spreadsheet programs' sheets pack 5-20x. Refused
 * from the directory, before a byte is unpacked (a 111 KB file of 110 MB of spaces took seconds).
 */
export const MAX_UNPACK_RATIO = 200;
export const RATIO_CHECKED_BYTES = 8 * 1024 * 1024;

// Excel's own last cell, XFD1048576: no spreadsheet program writes a reference beyond it.
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/**
 * The used range of a sheet (its last filled row times its last filled column) may span at most
 * this many cells: 100,000 rows of 30 columns. Checked cell by cell as the sheet is read, before a
 * row is widened, so a far-away reference costs nothing.
 */
export const MAX_SHEET_CELLS = 3_000_000;

/**
 * Excel's own limit on one cell's text: no spreadsheet program saves a longer one. A longer cell
 * (a shared string of megabytes referenced by thousands of cells) refuses the whole file, naming
 * the cell, as soon as the cell is read.
 */
export const MAX_CELL_CHARS = 32_767;

/**
 * What an answer echoes back of the file (the preview's headers and rows, the rejected rows'
 * cells): each cell at most ECHO_CELL_CHARS (longer than every contact field's bound, so a value
 * that could be imported is echoed whole), and all cells of one answer together at most
 * ECHO_TOTAL_CHARS; past that, cells are echoed empty.
 */
export const ECHO_CELL_CHARS = 1_000;
export const ECHO_TOTAL_CHARS = 16_000_000;
