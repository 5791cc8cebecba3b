'use client';

import { Copy, ExternalLink, Eye, ImageIcon, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { StatusDot } from '@/components/ui/status-dot';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import type { PostSummary } from '@/lib/posts/list-posts';
import { formatDateTime } from '@/lib/time/format';

interface Options {
  canManage: boolean;
  /** APP_URL: the copied public link is the one the world reaches, whatever address the merchant uses. */
  publicBaseUrl: string;
  onDelete: (post: PostSummary) => void;
}

/** The post list's columns, with each row's menu (edit, preview, view, copy link, delete). */
export function usePostColumns({ canManage, publicBaseUrl, onDelete }: Options): DataTableColumn<PostSummary>[] {
  const t = useTranslations('posts');
  const locale = useLocale() as Locale;
  const router = useRouter();

  const copyLink = async (post: PostSummary) => {
    const link = `${publicBaseUrl}/p/${encodeURIComponent(post.publicId)}`;
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t('messages.linkCopied'));
    } catch {
      notify.warning(link);
    }
  };

  return [
    {
      id: 'cover',
      header: t('columns.cover'),
      className: 'w-24',
      mobile: 'hidden',
      cell: (post) => <Thumbnail url={post.coverUrl} />,
    },
    {
      id: 'title',
      header: t('columns.title'),
      mobile: 'title',
      className: 'min-w-64',
      cell: (post) => (
        <div className="flex items-start gap-3">
          <Thumbnail url={post.coverUrl} className="hidden mobile:flex" />
          <div className="flex min-w-0 flex-col gap-0.5">
            <Link href={canManage ? `/posts/edit/${post.id}` : `/posts/preview/${post.id}`} className="font-medium text-slate-900 hover:text-primary dark:text-slate-100 dark:hover:text-primary-light">
              {post.title}
            </Link>
            {post.summary && <span className="line-clamp-1 text-[13px] font-normal text-slate-500 dark:text-slate-400">{post.summary}</span>}
          </div>
        </div>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      className: 'whitespace-nowrap',
      cell: (post) => <StatusDot tone={post.status === 'published' ? 'success' : 'neutral'} label={t(`status.${post.status}`)} />,
    },
    { id: 'locale', header: t('columns.locale'), className: 'whitespace-nowrap', cell: (post) => t(`locales.${post.locale}`) },
    { id: 'author', header: t('columns.author'), className: 'whitespace-nowrap', cell: (post) => post.authorName ?? '-' },
    { id: 'updatedAt', header: t('columns.updatedAt'), className: 'whitespace-nowrap tabular-nums', cell: (post) => formatDateTime(post.updatedAt, locale) },
    { id: 'publishedAt', header: t('columns.publishedAt'), className: 'whitespace-nowrap tabular-nums', cell: (post) => formatDateTime(post.publishedAt, locale) },
    {
      id: 'actions',
      header: <span className="sr-only">{t('columns.actions')}</span>,
      align: 'end',
      className: 'w-12',
      mobile: 'actions',
      cell: (post) => (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`${t('actions.more')}: ${post.title}`}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {canManage && (
              <DropdownMenuItem onSelect={() => router.push(`/posts/edit/${post.id}`)}>
                <Pencil aria-hidden="true" />
                {t('actions.edit')}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => router.push(`/posts/preview/${post.id}`)}>
              <Eye aria-hidden="true" />
              {t('actions.preview')}
            </DropdownMenuItem>
            {post.status === 'published' && (
              <>
                <DropdownMenuItem onSelect={() => window.open(`/p/${post.publicId}`, '_blank', 'noopener')}>
                  <ExternalLink aria-hidden="true" />
                  {t('actions.view')}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void copyLink(post)}>
                  <Copy aria-hidden="true" />
                  {t('actions.copyLink')}
                </DropdownMenuItem>
              </>
            )}
            {canManage && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem danger onSelect={() => onDelete(post)}>
                  <Trash2 aria-hidden="true" />
                  {t('actions.delete')}
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];
}

function Thumbnail({ url, className = '' }: { url: string | null; className?: string }) {
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- our own file route
    <img src={url} alt="" loading="lazy" className={`aspect-[1200/630] w-20 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800 ${className}`} />
  ) : (
    <span className={`flex aspect-[1200/630] w-20 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-300 dark:bg-slate-800 dark:text-slate-600 ${className}`}>
      <ImageIcon className="size-5" aria-hidden="true" />
    </span>
  );
}
