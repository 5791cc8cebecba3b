'use client';

import { Newspaper, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useListQuery } from '@/components/lists/use-list-query';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { SimpleSelect } from '@/components/ui/select';
import { notify } from '@/lib/notify/notify';
import { deletePostAction } from '@/lib/posts/actions';
import type { PostPage, PostSummary } from '@/lib/posts/list-posts';
import { POST_PAGE_SIZES } from '@/lib/posts/limits';
import { usePostColumns } from './post-columns';
import { NewPostButton } from './new-post-button';

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

  const columns = usePostColumns({ canManage, publicBaseUrl, onDelete: (post) => void remove(post) });

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
                  <NewPostButton label={t('newPost')} />
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
