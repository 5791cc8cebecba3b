import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { toEditorPost } from '@/components/posts/editor-values';
import { PostEditor } from '@/components/posts/post-editor';
import { requirePermission } from '@/lib/auth/session';
import { POST_ADMIN_PERMISSION } from '@/lib/auth/permissions';
import { loadPostOrNotFound } from '../../load-post';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('posts');
  return { title: t('editor.editTitle') };
}

export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx } = await requirePermission(POST_ADMIN_PERMISSION);
  const post = await loadPostOrNotFound(ctx, (await params).id);
  // Keyed by id so moving between articles starts a fresh form.
  return (
    <ClientMessages namespaces={['common', 'errors', 'files', 'posts', 'templates.richText', 'validation']}>
      <PostEditor key={post.id} post={toEditorPost(post)} userId={ctx.userId} defaultLocale={ctx.locale} />
    </ClientMessages>
  );
}
