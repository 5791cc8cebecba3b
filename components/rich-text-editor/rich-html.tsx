import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { RICH_CONTENT_CLASSES } from './content-classes';

/**
 * Read-only rich HTML (template details, previews, posts), sanitised again at render: stored
 * content is sanitised on save, and a preview of unsaved text must be just as safe.
 */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`${RICH_CONTENT_CLASSES} ${className}`} dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(html) }} />;
}
