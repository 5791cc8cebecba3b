import type { InboxMedia, InboxMediaKind } from '@/db/schema/inbox';

/**
 * What an MMS media item is, from its content type: images show as images in the thread, the
 * rest as links; the conversation list says "[Photo]", "[Video]"... Free of server code: the thread
 * (a client component) uses it too.
 */
export function mediaKind(contentType: string): InboxMediaKind {
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'file';
}

/** The kind the list preview names: the first item's. */
export function previewMediaKind(media: readonly InboxMedia[] | null | undefined): InboxMediaKind | null {
  return media?.length ? mediaKind(media[0].contentType) : null;
}
