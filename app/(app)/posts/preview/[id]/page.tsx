import { ArrowLeft, ExternalLink, Eye } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ArticleView } from '@/components/posts/article-view';
import { buttonClasses } from '@/components/ui/button-classes';
import { requireSession } from '@/lib/auth/session';
import { canManagePosts } from '@/lib/auth/permissions';
import { publicPostPath } from '@/lib/posts/public-posts';
import { loadPostOrNotFound } from '../../load-post';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('posts');
  return { title: t('preview.title') };
}

/**
 * The article exactly as the public page shows it (the same ArticleView), drafts included, in a
 * frame under a bar that says whether the public can see it. Any user of the merchant may look.
 */
export default async function PreviewPostPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx, user } = await requireSession();
  const post = await loadPostOrNotFound(ctx, (await params).id);
  const t = await getTranslations('posts');
  const published = post.status === 'published';
  const publicPath = publicPostPath(post.publicId);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href={canManagePosts(ctx) ? `/posts/edit/${post.id}` : '/posts'} className={buttonClasses('ghost', 'sm')}>
          <ArrowLeft aria-hidden="true" />
          {canManagePosts(ctx) ? t('preview.backToEditor') : t('editor.back')}
        </Link>
        <h1 className="sr-only">{t('preview.title')}</h1>
      </div>
      <div
        role="note"
        data-testid="post-preview-banner"
        className={
          published
            ? 'flex flex-wrap items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200'
            : 'flex flex-wrap items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200'
        }
      >
        <Eye className="size-4 shrink-0" aria-hidden="true" />
        <span>{t('preview.banner')}</span>
        {published ? (
          <span className="flex flex-wrap items-center gap-1">
            {t('preview.publishedBanner')}
            <a href={publicPath} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium underline underline-offset-2" data-testid="post-preview-public-link">
              {publicPath}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          </span>
        ) : (
          <strong className="font-medium">{t('preview.draftBanner')}</strong>
        )}
      </div>
      <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-sm dark:border-slate-800" data-testid="post-preview-frame">
        <ArticleView embedded title={post.title} summary={post.summary} coverUrl={post.coverUrl} body={post.body} locale={post.locale} publishedAt={post.publishedAt} merchantName={user.merchantName} />
      </div>
    </div>
  );
}
