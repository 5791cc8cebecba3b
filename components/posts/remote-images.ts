/**
 * Images the article loads from another website (pasted from a web page or Google Docs, whose
 * image addresses expire): our uploads are `/api/…` paths. Found from outside: they were kept
 * without a word, hot-linked by every reader, and the Google Docs ones break.
 */
export function countRemoteImages(html: string): number {
  return html.match(/<img\b[^>]*?\ssrc\s*=\s*["']?(?:https?:)?\/\//gi)?.length ?? 0;
}
