import { sanitizeRichHtml } from '@/lib/sanitize/html';

/** The article body as stored: whatever a client sent, through the shared sanitiser. */
export function cleanPostBody(html: string): string {
  return html.trim() ? sanitizeRichHtml(html) : '';
}

const VIEW_PATH = /\/api\/aws\/s3\/post\/view\?(?:[^"'\s>]*?&(?:amp;)?)?id=(\d{1,10})/g;

/** The ids of the files a body shows (images, videos uploaded through the post module). */
export function bodyFileIds(html: string): string[] {
  return [...new Set([...html.matchAll(VIEW_PATH)].map((m) => m[1]))];
}

/** A body worth publishing has some text or some media. */
export function bodyHasContent(html: string): boolean {
  if (/<(img|video|iframe)\b/i.test(html)) return true;
  return bodyText(html).length > 0;
}

/** Plain text of a body, for a description when the summary is empty. */
export function bodyText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
