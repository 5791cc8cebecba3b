'use client';

import { useEffect, useState } from 'react';
import { RICH_CONTENT_CLASSES } from './content-classes';

type Sanitize = (html: string) => string;

// sanitize-html (with its HTML and CSS parsers) is the largest library of the template screens;
// it loads in its own chunk the first time a RichHtml mounts (a dialog opens), not with the page.
let sanitizer: Sanitize | null = null;
let pending: Promise<Sanitize> | null = null;
function loadSanitizer(): Promise<Sanitize> {
  pending ??= import('@/lib/sanitize/html').then((m) => (sanitizer = m.sanitizeRichHtml));
  return pending;
}

/**
 * Read-only rich HTML (template details, previews), sanitised again at render: stored content is
 * sanitised on save, and a preview of unsaved text must be just as safe. Nothing is shown until
 * the sanitiser has loaded (a few milliseconds, once per page); server-rendered views sanitise
 * on the server instead (components/posts/article-view.tsx).
 */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => sanitizer);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    loadSanitizer().then((fn) => live && setSanitize(() => fn));
    return () => {
      live = false;
    };
  }, [sanitize]);
  return (
    <div
      className={`${RICH_CONTENT_CLASSES} ${className}`}
      aria-busy={sanitize ? undefined : true}
      dangerouslySetInnerHTML={{ __html: sanitize ? sanitize(html) : '' }}
    />
  );
}
