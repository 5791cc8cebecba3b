import type { Locale } from '@/lib/i18n/locales';

/** The fields the editor changes. */
export interface EditorValues {
  title: string;
  summary: string;
  coverFileId: string | null;
  body: string;
  locale: Locale;
}

/** What the editor knows of a saved article (plain data: it crosses from server to client). */
export interface EditorPost extends EditorValues {
  id: number;
  publicId: string;
  status: 'draft' | 'published';
  publishedAt: Date | null;
  updatedAt: Date;
}

export function pickValues(post: EditorValues): EditorValues {
  return { title: post.title, summary: post.summary, coverFileId: post.coverFileId, body: post.body, locale: post.locale };
}

export function sameValues(a: EditorValues, b: EditorValues): boolean {
  return a.title === b.title && a.summary === b.summary && (a.coverFileId ?? null) === (b.coverFileId ?? null) && a.body === b.body && a.locale === b.locale;
}

/** Only what the editor needs, so no other field of the record is sent to the browser. */
export function toEditorPost(p: EditorPost): EditorPost {
  return { id: p.id, publicId: p.publicId, status: p.status, publishedAt: p.publishedAt, updatedAt: p.updatedAt, ...pickValues(p) };
}
