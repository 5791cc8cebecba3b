'use client';

import { Eye, ExternalLink, History, Send, Undo2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { SimpleSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { savePostAction } from '@/lib/posts/actions';
import { POST_SUMMARY_MAX, POST_TITLE_MAX } from '@/lib/posts/limits';
import { formatDateTime } from '@/lib/time/format';
import { CoverPicker } from './cover-picker';
import { pickValues, sameValues, toEditorPost, type EditorPost, type EditorValues } from './editor-values';
import { clearDraft, draftKey, readDraft, writeDraft } from './local-draft';
import { useLeaveGuard } from './use-leave-guard';
import { runtimeKey } from '@/lib/i18n/runtime-key';

type Intent = 'save' | 'publish' | 'unpublish';

// Lexical builds its DOM in the browser; rendered on the server it fails hydration and React
// throws the whole form away. So the editor loads on the client only, behind a placeholder.
const RichTextEditor = dynamic(() => import('@/components/rich-text-editor/rich-text-editor').then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-[22rem] w-full rounded-md" />,
});

const POST_LOCALES: Locale[] = ['zh-CN', 'en-US', 'zh-HK'];

/** Add and edit: one form, the shared rich-text editor, and protection against lost work. */
export function PostEditor({ post: initialPost, userId, defaultLocale }: { post: EditorPost | null; userId: number; defaultLocale: Locale }) {
  const t = useTranslations('posts');
  const tRoot = useTranslations();
  const uiLocale = useLocale() as Locale;
  const router = useRouter();
  const confirm = useConfirm();

  const [post, setPost] = useState<EditorPost | null>(initialPost);
  // The editor may hand back the stored body re-serialised (same content, other markup) before
  // anyone types: that form becomes the baseline, so opening an article never counts as a change.
  const [normalisedBody, setNormalisedBody] = useState<{ of: string; html: string } | null>(null);
  const touched = useRef(false);
  const saved = useMemo<EditorValues>(() => {
    const base = post ? pickValues(post) : { title: '', summary: '', coverFileId: null, body: '', locale: defaultLocale };
    return normalisedBody && normalisedBody.of === base.body ? { ...base, body: normalisedBody.html } : base;
  }, [post, defaultLocale, normalisedBody]);
  const [values, setValues] = useState<EditorValues>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Intent | 'preview' | null>(null);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const key = draftKey(userId, post?.id);
  const dirty = !sameValues(values, saved);

  // A copy left by an earlier visit (a closed tab, a crash) comes back, with a way to drop it.
  useEffect(() => {
    const draft = readDraft<EditorValues>(key);
    if (!draft) return;
    if (sameValues(draft.values, saved)) {
      clearDraft(key);
      return;
    }
    // localStorage exists only in the browser, after hydration: this is the one place to read it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues({ ...saved, ...draft.values });
    setRestoredAt(draft.savedAt);
    // Only on arrival: later changes are ours.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    const timer = window.setTimeout(() => (dirty ? writeDraft(key, values) : clearDraft(key)), 400);
    return () => window.clearTimeout(timer);
  }, [dirty, key, values]);

  const confirmLeave = useCallback(
    () => confirm({ title: t('editor.leaveTitle'), description: t('editor.leaveDescription'), confirmLabel: t('editor.leaveConfirm'), cancelLabel: t('editor.stay') }),
    [confirm, t],
  );
  useLeaveGuard(dirty && busy === null, confirmLeave);

  const onBodyChange = (html: string) => {
    if (!touched.current && !dirty) setNormalisedBody({ of: post?.body ?? '', html });
    set('body', html);
  };

  const set = <K extends keyof EditorValues>(field: K, value: EditorValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const discardRestored = () => {
    clearDraft(key);
    setValues(saved);
    setRestoredAt(null);
    notify.info(t('editor.discarded'));
  };

  const submit = async (intent: Intent): Promise<EditorPost | null> => {
    // The schema (and zod) loads on the first save, not with the page (issue 11).
    const { postInputSchema } = await import('@/lib/posts/schema');
    const parsed = postInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '_');
        next[field] ??= tRoot(runtimeKey<typeof tRoot>(issue.message.includes('.') ? issue.message : 'validation.invalid'), { max: field === 'title' ? POST_TITLE_MAX : POST_SUMMARY_MAX });
      }
      setErrors(next);
      notify.warning(tRoot('errors.validation'));
      return null;
    }
    const result = await savePostAction({ ...parsed.data, id: post?.id, intent });
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      notify.warning(result.message || t('errors.saveFailed'));
      return null;
    }
    const next = toEditorPost(result.data);
    clearDraft(key);
    setRestoredAt(null);
    setErrors({});
    setPost(next);
    setValues(pickValues(next));
    if (!post) {
      clearDraft(draftKey(userId, next.id));
      router.replace(`/posts/edit/${next.id}`, { scroll: false });
    }
    return next;
  };

  const run = async (intent: Intent) => {
    if (intent === 'unpublish') {
      const ok = await confirm({ title: t('editor.unpublishConfirmTitle'), description: t('editor.unpublishConfirmDescription'), confirmLabel: t('editor.unpublish'), danger: true });
      if (!ok) return;
    }
    setBusy(intent);
    try {
      const next = await submit(intent);
      if (next) notify.success(t(intent === 'publish' ? 'messages.published' : intent === 'unpublish' ? 'messages.unpublished' : post ? 'messages.saved' : 'messages.created'));
    } finally {
      setBusy(null);
    }
  };

  const preview = async () => {
    let target = post;
    if (!target || dirty) {
      setBusy('preview');
      try {
        target = await submit('save');
      } finally {
        setBusy(null);
      }
    }
    if (target) router.push(`/posts/preview/${target.id}`);
  };

  const published = post?.status === 'published';
  const locked = busy !== null;

  return (
    <div className="mx-auto max-w-6xl">
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
            <Button variant="secondary" onClick={() => void preview()} loading={busy === 'preview'} disabled={locked}>
              <Eye aria-hidden="true" />
              {t('editor.preview')}
            </Button>
            {published ? (
              <>
                <Button variant="secondary" onClick={() => void run('unpublish')} loading={busy === 'unpublish'} disabled={locked}>
                  <Undo2 aria-hidden="true" />
                  {t('editor.unpublish')}
                </Button>
                <Button onClick={() => void run('save')} loading={busy === 'save'} disabled={locked}>
                  {t('editor.update')}
                </Button>
              </>
            ) : (
              <>
                <Button variant="secondary" onClick={() => void run('save')} loading={busy === 'save'} disabled={locked}>
                  {t('editor.saveDraft')}
                </Button>
                <Button onClick={() => void run('publish')} loading={busy === 'publish'} disabled={locked}>
                  <Send aria-hidden="true" />
                  {t('editor.publish')}
                </Button>
              </>
            )}
          </>
        }
      />

      {restoredAt !== null && (
        <div role="status" data-testid="post-draft-restored" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          <span className="flex items-center gap-2">
            <History className="size-4 shrink-0" aria-hidden="true" />
            {t('editor.restoredNotice', { time: formatDateTime(restoredAt, uiLocale) })}
          </span>
          <Button variant="secondary" size="sm" onClick={discardRestored}>
            {t('editor.discardRestored')}
          </Button>
        </div>
      )}

      <form
        className="grid grid-cols-[minmax(0,1fr)_20rem] items-start gap-6 max-[960px]:grid-cols-1"
        onSubmit={(event) => {
          event.preventDefault();
          void run('save');
        }}
      >
        <Card>
          <CardContent className="flex flex-col gap-5 py-5">
            <FormField label={t('editor.titleLabel')} required error={errors.title} aside={`${values.title.length}/${POST_TITLE_MAX}`}>
              <Input value={values.title} maxLength={POST_TITLE_MAX} placeholder={t('editor.titlePlaceholder')} onChange={(e) => set('title', e.target.value)} disabled={locked} name="title" />
            </FormField>
            <FormField label={t('editor.summaryLabel')} error={errors.summary} hint={t('editor.summaryHint', { max: POST_SUMMARY_MAX })} aside={`${values.summary.length}/${POST_SUMMARY_MAX}`}>
              <Textarea value={values.summary} rows={3} maxLength={POST_SUMMARY_MAX} onChange={(e) => set('summary', e.target.value)} disabled={locked} name="summary" />
            </FormField>
            <div className="flex flex-col gap-1.5">
              <span id="post-body-label" className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {t('editor.bodyLabel')}
              </span>
              <div
                onKeyDownCapture={() => (touched.current = true)}
                onPointerDownCapture={() => (touched.current = true)}
                onPasteCapture={() => (touched.current = true)}
                onDropCapture={() => (touched.current = true)}
              >
                <RichTextEditor value={values.body} onChange={onBodyChange} uploadModule="post" placeholder={t('editor.bodyPlaceholder')} ariaLabel={t('editor.bodyLabel')} disabled={locked} />
              </div>
              {errors.body && (
                <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">
                  {errors.body}
                </p>
              )}
            </div>
          </CardContent>
        </Card>

        <div className="flex flex-col gap-6">
          <Card>
            <CardContent className="flex flex-col gap-5 py-5">
              <FormField label={t('editor.localeLabel')} error={errors.locale}>
                <SimpleSelect value={values.locale} onValueChange={(v) => set('locale', v as Locale)} disabled={locked} options={POST_LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))} />
              </FormField>
              <FormField label={t('editor.coverLabel')} hint={t('editor.coverHint')} error={errors.coverFileId} id="post-cover">
                <CoverPicker id="post-cover" fileId={values.coverFileId} onChange={(id) => set('coverFileId', id)} disabled={locked} />
              </FormField>
            </CardContent>
          </Card>
          {published && post && (
            <Card>
              <CardContent className="flex flex-col gap-2 py-4 text-sm">
                <span className="font-medium text-slate-700 dark:text-slate-200">{t('editor.publicLink')}</span>
                <a href={`/p/${post.publicId}`} target="_blank" rel="noopener" className="flex items-center gap-1.5 break-all text-primary hover:underline dark:text-primary-light" data-testid="post-public-link">
                  <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                  {`/p/${post.publicId}`}
                </a>
                {post.publishedAt && <span className="text-slate-500 dark:text-slate-400">{`${t('columns.publishedAt')}: ${formatDateTime(post.publishedAt, uiLocale)}`}</span>}
              </CardContent>
            </Card>
          )}
        </div>
      </form>
    </div>
  );
}
