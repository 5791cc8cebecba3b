/** Resolves on the event loop's next turn (after I/O waiting now): other requests get served. */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** How long reading rows may hold the event loop before it turns. */
export const ROWS_TURN_MS = 10;

/**
 * For a loop over rows that must not hold the event loop: `await pace()` in each round turns the
 * loop once `everyMs` have passed since the last turn, and costs a clock read otherwise.
 */
export function turnPacer(everyMs = ROWS_TURN_MS): () => Promise<void> {
  let turned = performance.now();
  return async () => {
    if (performance.now() - turned < everyMs) return;
    await nextTurn();
    turned = performance.now();
  };
}
