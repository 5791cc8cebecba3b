import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TrialNotice } from '@/components/account/trial-notice';
import { CampaignTabs } from '@/components/campaigns/campaign-tabs';
import { requireSession } from '@/lib/auth/session';
import { isTrialing } from '@/lib/subscription/guard';
import { listTemplates } from '@/lib/templates/list-templates';
import { TEMPLATE_LIST_PAGE_SIZES } from '@/lib/templates/schema';
import { TemplateList } from '@/components/templates/template-list';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('title') };
}

type Search = { type?: string; page?: string; pageSize?: string };

/**
 * /campaigns/templates?type=text|email&page=&pageSize=: the template list (spec section 2). One
 * page of the shown tab; the other tab needs only its count.
 */
export default async function TemplatesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { ctx } = await requireSession();
  const search = await searchParams;
  const asked = search.type === 'email' || search.type === 'text' ? search.type : null;
  const tab = asked ?? 'text';
  const size = Number(search.pageSize);
  const pageSize = (TEMPLATE_LIST_PAGE_SIZES as readonly number[]).includes(size) ? size : TEMPLATE_LIST_PAGE_SIZES[0];
  const page = Math.min(Math.max(1, Math.trunc(Number(search.page)) || 1), 100_000);
  const type = tab === 'email' ? 0 : 1;
  const [shown, other, trialing] = await Promise.all([
    listTemplates(ctx, { type, pageNum: page, pageSize, common: 'locale' }),
    listTemplates(ctx, { type: type === 0 ? 1 : 0, pageNum: 1, pageSize: 1, common: 'locale' }),
    isTrialing(ctx),
  ]);
  // A page beyond the end (the last row of the last page deleted, an old link): show the last page.
  const lastPage = Math.max(1, Math.ceil(shown.total / pageSize));
  const list = page > lastPage ? await listTemplates(ctx, { type, pageNum: lastPage, pageSize, common: 'locale' }) : shown;
  const totals = tab === 'email' ? { email: list.total, text: other.total } : { text: list.total, email: other.total };
  return (
    <>
      <CampaignTabs active="templates" />
      <ClientMessages namespaces={['common', 'templates', 'ui']}>
        <TemplateList
          rows={list.records}
          totals={totals}
          tab={tab}
          initialTab={asked}
          page={{ pageNum: list.pageNum, pageSize }}
          trialing={trialing}
          trialNotice={<TrialNotice ctx={ctx} />}
        />
      </ClientMessages>
    </>
  );
}
