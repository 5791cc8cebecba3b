/**
 * Where the browser reads a post's image (a cover, an inline image). Its own module: the cover
 * picker needs it in the browser, and ./body.ts would bring sanitize-html (66 KB) with it.
 */
export function postFileUrl(fileId: string | null | undefined): string | null {
  return fileId ? `/api/aws/s3/post/view?id=${encodeURIComponent(fileId)}` : null;
}
