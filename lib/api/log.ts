/** Unexpected errors: logged with the request id the client received, never sent to it. */
export function logError(requestId: string, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[starloop] request ${requestId} failed: ${detail}`);
}
