'use client';

import { FileText, Plus } from 'lucide-react';
import { rememberTemplateTab, rememberedTemplateTab } from './template-tab-memory';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useTransition, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TooltipProvider } from '@/components/ui/tooltip';
import { notify } from '@/lib/notify/notify';
import { deleteTemplateAction } from '@/lib/templates/actions';
import { TEMPLATE_LIST_PAGE_SIZES } from '@/lib/templates/limits';
import type { TemplateRecord } from '@/lib/templates/record';
import { useTemplateColumns } from './template-columns';
import { TemplateDetailDialog } from './template-detail-dialog';

type Tab = 'text' | 'email';
/** Spec section 9: the last template tab is remembered locally; default text. */

interface Props {
  /** One page of the shown tab's templates (the server loads only that tab). */
  rows: TemplateRecord[];
  totals: Record<Tab, number>;
  /** The tab the rows belong to. */
  tab: Tab;
  /** The tab the address asked for (?type=); null lets the remembered tab win. */
  initialTab: Tab | null;
  page: { pageNum: number; pageSize: number };
  /** Trial accounts see the list only: no create, edit or delete (the server refuses them too). */
  trialing: boolean;
  trialNotice: ReactNode;
}

/** The template list (spec section 2): text and e-mail tabs, paging, details, edit and delete. */
export function TemplateList({ rows, totals, tab: loadedTab, initialTab, page, trialing, trialNotice }: Props) {
  const t = useTranslations('templates');
  const router = useRouter();
  const pathname = usePathname();
  const confirm = useConfirm();
  // The clicked tab shows at once; its rows arrive with the navigation (the table shows loading).
  const [selected, setSelected] = useState<Tab>(loadedTab);
  const [detail, setDetail] = useState<TemplateRecord | null>(null);
  const [pending, startTransition] = useTransition();
  const [navigating, startNavigation] = useTransition();
  const tab = navigating ? selected : loadedTab;

  const show = (value: Tab, pageNum = 1, pageSize = page.pageSize) => {
    setSelected(value);
    const params = new URLSearchParams({ type: value });
    if (pageNum > 1) params.set('page', String(pageNum));
    if (pageSize !== TEMPLATE_LIST_PAGE_SIZES[0]) params.set('pageSize', String(pageSize));
    startNavigation(() => router.replace(`${pathname}?${params.toString()}`, { scroll: false }));
  };

  // No ?type= in the address: the remembered tab wins (read after hydration: localStorage).
  useEffect(() => {
    if (initialTab) {
      rememberTemplateTab(initialTab);
      return;
    }
    const saved = rememberedTemplateTab();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only after hydration
    if (saved === 'email' && loadedTab !== 'email') show('email');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, [initialTab]);

  const changeTab = (next: string) => {
    const value: Tab = next === 'email' ? 'email' : 'text';
    rememberTemplateTab(value);
    show(value);
  };

  const remove = async (row: TemplateRecord) => {
    const ok = await confirm({ title: t('deleteConfirm.title'), description: t('deleteConfirm.description', { name: row.templateName }), danger: true, confirmLabel: t('actions.delete') });
    if (!ok) return;
    startTransition(async () => {
      const result = await deleteTemplateAction({ id: row.templateId });
      if (result.ok) {
        notify.success(result.message ?? t('deleted'));
        router.refresh();
      } else notify.warning(result.message || t('errors.deleteFailed'));
    });
  };

  const typeParam = tab === 'email' ? 'email' : 'text';

  const columns = useTemplateColumns({ trialing, typeParam, deleting: pending, onDetail: setDetail, onDelete: (row) => void remove(row) });

  const createButton = (
    <Button asChild>
      <Link href={`/campaigns/templates/create?type=${typeParam}`}>
        <Plus />
        {t('create')}
      </Link>
    </Button>
  );

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={trialing ? null : createButton}
      />
      {trialNotice}
      <Tabs value={tab} onValueChange={changeTab}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={t('tabs.label')}>
            <TabsTrigger value="text" count={totals.text}>{t('tabs.text')}</TabsTrigger>
            <TabsTrigger value="email" count={totals.email}>{t('tabs.email')}</TabsTrigger>
          </TabsList>
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="template-count">
            {t('count', { count: totals[tab] })}
          </p>
        </div>
      </Tabs>
      <TooltipProvider>
        <DataTable
          aria-label={t('title')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.templateId}
          loading={pending || navigating}
          empty={
            <EmptyState
              icon={FileText}
              title={t('empty.title', { type: t(`type.${tab === 'email' ? 0 : 1}`) })}
              description={t('empty.description')}
              action={trialing ? undefined : createButton}
            />
          }
        />
      </TooltipProvider>
      {totals[tab] > 0 ? (
        <Pager total={totals[tab]} pageNum={page.pageNum} pageSize={page.pageSize} pageSizes={TEMPLATE_LIST_PAGE_SIZES} onChange={(next) => show(tab, next.pageNum, next.pageSize)} />
      ) : null}
      <TemplateDetailDialog template={detail} onOpenChange={(open) => !open && setDetail(null)} />
    </div>
  );
}
