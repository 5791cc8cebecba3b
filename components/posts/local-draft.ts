'use client';

/** What the editor keeps in localStorage while a post has unsaved changes. */
export interface LocalDraft<V> {
  values: V;
  /** When the copy was written (epoch ms). */
  savedAt: number;
}

const PREFIX = 'starloop:post-draft:';

/** One key per user and article ('new' for an article not saved yet). */
export function draftKey(userId: number, postId: number | undefined): string {
  return `${PREFIX}${userId}:${postId ?? 'new'}`;
}

export function readDraft<V>(key: string): LocalDraft<V> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalDraft<V>;
    return parsed && typeof parsed === 'object' && parsed.values && typeof parsed.savedAt === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft<V>(key: string, values: V): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ values, savedAt: Date.now() } satisfies LocalDraft<V>));
  } catch {
    // Storage full or disabled (private mode): the leave warning still protects the work.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}
