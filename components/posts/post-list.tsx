'use client';

import { Copy, ExternalLink, Eye, ImageIcon, MoreHorizontal, Newspaper, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useListQuery } from '@/components/lists/use-list-query';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { SimpleSelect } from '@/components/ui/select';
import { StatusDot } from '@/components/ui/status-dot';
import type { Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { deletePostAction } from '@/lib/posts/actions';
import type { PostPage, PostSummary } from '@/lib/posts/queries';
import { POST_PAGE_SIZES } from '@/lib/posts/limits';
import { formatDateTime } from '@/lib/time/format';

export interface PostListProps {
  page: PostPage;
  keyword: string;
  status: 'all' | 'draft' | 'published';
  canManage: boolean;
  /** APP_URL: the copied public link is the one the world reaches, whatever address the merchant uses. */
  publicBaseUrl: string;
}

export function PostList({ page, keyword, status, canManage, publicBaseUrl }: PostListProps) {
  const t = useTranslations('posts');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const confirm = useConfirm();
  const list = useListQuery({ keyword });

  const remove = async (post: PostSummary) => {
    const ok = await confirm({ title: t('deleteConfirm.title'), description: t('deleteConfirm.description', { title: post.title }), confirmLabel: t('deleteConfirm.confirm'), danger: true });
    if (!ok) return;
    const result = await deletePostAction({ id: post.id });
    if (!result.ok) {
      notify.warning(result.message || t('errors.deleteFailed'));
      return;
    }
    notify.success(result.message ?? t('messages.deleted'));
    // The last row of a later page: step back a page rather than show an empty one.
    if (page.records.length === 1 && page.pageNum > 1) list.navigate({ pageNum: String(page.pageNum - 1) });
    else list.refresh();
  };

  const copyLink = async (post: PostSummary) => {
    const link = `${publicBaseUrl}/p/${encodeURIComponent(post.publicId)}`;
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t('messages.linkCopied'));
    } catch {
      notify.warning(link);
    }
  };

  const columns: DataTableColumn<PostSummary>[] = [
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
                <DropdownMenuItem danger onSelect={() => void remove(post)}>
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

  const filtered = keyword !== '' || status !== 'all';

  return (
    <div className="flex flex-col gap-4">
      {!canManage && (
        <p role="note" className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300" data-testid="posts-read-only">
          {t('readOnlyNotice')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <form
          role="search"
          className="w-80 mobile:w-full"
          onSubmit={(event) => {
            event.preventDefault();
            list.search.submit();
          }}
        >
          <Input type="search" value={list.search.value} onChange={(e) => list.search.set(e.target.value)} placeholder={t('searchPlaceholder')} aria-label={t('searchPlaceholder')} maxLength={100} leading={<Search />} />
        </form>
        <div className="w-40 mobile:w-full">
          <SimpleSelect
            aria-label={t('columns.status')}
            value={status}
            onValueChange={(value) => list.filter({ status: value === 'all' ? null : value })}
            options={[
              { value: 'all', label: t('status.all') },
              { value: 'draft', label: t('status.draft') },
              { value: 'published', label: t('status.published') },
            ]}
          />
        </div>
      </div>
      <DataTable
        aria-label={t('title')}
        columns={columns}
        rows={page.records}
        rowKey={(post) => post.id}
        loading={list.pending}
        empty={
          filtered ? (
            <EmptyState icon={Search} title={t('empty.noMatch')} />
          ) : (
            <EmptyState
              icon={Newspaper}
              title={t('empty.title')}
              description={t('empty.description')}
              action={
                canManage && (
                  <Button asChild>
                    <Link href="/posts/add">
                      <Plus aria-hidden="true" />
                      {t('newPost')}
                    </Link>
                  </Button>
                )
              }
            />
          )
        }
      />
      {page.total > 0 && <Pager total={page.total} pageNum={page.pageNum} pageSize={page.pageSize} pageSizes={POST_PAGE_SIZES} />}
    </div>
  );
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
