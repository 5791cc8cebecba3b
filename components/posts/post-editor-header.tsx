'use client';

import { Eye, Send, Undo2 } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';
import type { EditorPost } from './editor-values';
import type { Intent } from './use-post-editor';

interface Props {
  post: EditorPost | null;
  dirty: boolean;
  busy: Intent | 'preview' | null;
  onRun: (intent: Intent) => void;
  onPreview: () => void;
}

/** The editor's title, status, save state and its commands (preview, save, publish, unpublish). */
export function PostEditorHeader({ post, dirty, busy, onRun, onPreview }: Props) {
  const t = useTranslations('posts');
  const uiLocale = useLocale() as Locale;
  const published = post?.status === 'published';
  const locked = busy !== null;
  return (
    <PageHeader
      back={
        <Link href="/posts" className="text-slate-500 hover:text-primary dark:text-slate-400">
          ← {t('editor.back')}
        </Link>
      }
      title={
        <span className="flex flex-wrap items-center gap-3">
          {post ? t('editor.editTitle') : t('editor.addTitle')}
          <Badge tone={published ? 'success' : 'neutral'} data-testid="post-status">
            {t(published ? 'status.published' : 'status.draft')}
          </Badge>
        </span>
      }
      description={
        <span aria-live="polite" data-testid="post-save-state">
          {dirty ? t('editor.unsaved') : post ? t('editor.lastSaved', { time: formatDateTime(post.updatedAt, uiLocale) }) : null}
        </span>
      }
      actions={
        <>
          <Button variant="secondary" onClick={onPreview} loading={busy === 'preview'} disabled={locked}>
            <Eye aria-hidden="true" />
            {t('editor.preview')}
          </Button>
          {published ? (
            <>
              <Button variant="secondary" onClick={() => onRun('unpublish')} loading={busy === 'unpublish'} disabled={locked}>
                <Undo2 aria-hidden="true" />
                {t('editor.unpublish')}
              </Button>
              <Button onClick={() => onRun('save')} loading={busy === 'save'} disabled={locked}>
                {t('editor.update')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => onRun('save')} loading={busy === 'save'} disabled={locked}>
                {t('editor.saveDraft')}
              </Button>
              <Button onClick={() => onRun('publish')} loading={busy === 'publish'} disabled={locked}>
                <Send aria-hidden="true" />
                {t('editor.publish')}
              </Button>
            </>
          )}
        </>
      }
    />
  );
}
