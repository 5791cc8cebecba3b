import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PostEditor } from '@/components/posts/post-editor';
import { requirePermission } from '@/lib/auth/session';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('posts');
  return { title: t('editor.addTitle') };
}

export default async function AddPostPage() {
  const { ctx } = await requirePermission(POST_ADMIN_PERMISSION);
  return (
    <ClientMessages namespaces={['common', 'errors', 'files', 'posts', 'templates.richText', 'validation']}>
      <PostEditor post={null} userId={ctx.userId} defaultLocale={ctx.locale} />
    </ClientMessages>
  );
}
