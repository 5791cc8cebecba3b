import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PostList } from '@/components/posts/post-list';
import { PageHeader } from '@/components/ui/page-header';
import { appUrl } from '@/lib/app-url';
import { requireSession } from '@/lib/auth/session';
import { canManagePosts } from '@/lib/auth/permissions';
import { listPosts } from '@/lib/posts/list-posts';
import { postListQuerySchema } from '@/lib/posts/schema';
import { NewPostButton } from '@/components/posts/new-post-button';
import { ClientMessages } from '@/components/i18n/client-messages';
import { firstValue } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('posts');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The merchant's articles; read-only for users without post:admin:manage. */
export default async function PostsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireSession();
  const t = await getTranslations('posts');
  const raw = await searchParams;
  // A hand-edited URL (pageSize=7) falls back to the defaults rather than failing the page.
  const parsed = postListQuerySchema.safeParse({ pageNum: firstValue(raw.pageNum), pageSize: firstValue(raw.pageSize), keyword: firstValue(raw.keyword), status: firstValue(raw.status) });
  const query = parsed.success ? parsed.data : postListQuerySchema.parse({});
  const page = await listPosts(ctx, query);
  const canManage = canManagePosts(ctx);
  return (
    <ClientMessages namespaces={['common', 'posts', 'ui']}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canManage && (
            <NewPostButton label={t('newPost')} />
          )
        }
      />
      <PostList page={page} keyword={query.keyword} status={query.status ?? 'all'} canManage={canManage} publicBaseUrl={appUrl()} />
    </ClientMessages>
  );
}
