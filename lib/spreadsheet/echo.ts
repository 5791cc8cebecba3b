import { ECHO_CELL_CHARS, ECHO_TOTAL_CHARS } from './limits';

/** A text cut to at most `max` characters, the cut marked with "…". */
export function echoText(text: string, max = ECHO_CELL_CHARS): string {
  if (text.length <= max) return text;
  return max > 0 ? `${text.slice(0, max - 1)}…` : '';
}

/**
 * What one answer echoes back of a file's cells (a preview's rows, the rejected rows): each cell
 * cut to ECHO_CELL_CHARS, and all of them within ECHO_TOTAL_CHARS, past which cells are echoed
 * empty. A sheet of many cells referring to one long text stays an answer of a few megabytes.
 */
export function echoBudget(total = ECHO_TOTAL_CHARS): (cells: readonly string[]) => string[] {
  let left = total;
  return (cells) =>
    cells.map((cell) => {
      const out = echoText(cell, Math.min(ECHO_CELL_CHARS, Math.max(left, 0)));
      left -= out.length;
      return out;
    });
}
