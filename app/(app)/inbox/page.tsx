import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { InboxClient } from '@/components/inbox/inbox-client';
import { requireSession } from '@/lib/auth/session';
import { listConversations } from '@/lib/inbox/list-conversations';
import { conversationListSchema } from '@/lib/inbox/schema';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inbox');
  return { title: t('title') };
}

export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { ctx } = await requireSession();
  const t = await getTranslations('inbox');
  const params = await searchParams;
  const parsed = conversationListSchema.safeParse({ filter: params.filter, keyword: params.keyword });
  const query = parsed.success ? parsed.data : conversationListSchema.parse({});
  const initial = await listConversations(ctx, query);
  const selected = Number(params.c) || null;
  return (
    <ClientMessages namespaces={['inbox', 'validation']}>
      <div className="flex h-full min-h-0 flex-col gap-4">
        <PageHeader title={t('title')} description={t('description')} />
        <InboxClient initial={initial} initialQuery={{ filter: query.filter, keyword: query.keyword }} initialSelected={selected} />
      </div>
    </ClientMessages>
  );
}
