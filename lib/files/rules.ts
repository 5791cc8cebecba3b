import type { FileModule } from '@/db/schema/files';

/** Spec sections 5 and 9: images by default (at most 5 MB); videos at most 50 MB where allowed. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
export const MAX_IMAGE_MB = 5;
export const MAX_VIDEO_MB = 50;
/** Pixels an uploaded image may have: what browsers decode without trouble (lib/files/save-upload.ts). */
export const MAX_IMAGE_SIDE = 16_384;
export const MAX_IMAGE_PIXELS = 50_000_000;
const MB = 1024 * 1024;

/** Modules whose editors embed videos (the rich-text editor of templates and posts). */
const VIDEO_MODULES: readonly FileModule[] = ['campaign', 'post'];

export type FileKind = 'image' | 'video';

export function allowedMimeTypes(module: FileModule): string[] {
  return VIDEO_MODULES.includes(module) ? [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES] : [...IMAGE_MIME_TYPES];
}

export function kindOf(mime: string): FileKind | null {
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(mime)) return 'image';
  if ((VIDEO_MIME_TYPES as readonly string[]).includes(mime)) return 'video';
  return null;
}

export function maxBytesFor(kind: FileKind): number {
  return (kind === 'video' ? MAX_VIDEO_MB : MAX_IMAGE_MB) * MB;
}

export function maxMbFor(kind: FileKind): number {
  return kind === 'video' ? MAX_VIDEO_MB : MAX_IMAGE_MB;
}

/** Short names for messages: "png, jpeg, gif, webp". */
export function typeNames(mimes: readonly string[]): string {
  return mimes.map((m) => m.split('/')[1]).join(', ');
}

/** The address an uploaded file is shown at (spec section 7). */
export function fileViewUrl(module: FileModule, id: number): string {
  return `/api/aws/s3/${module}/view?id=${id}`;
}
