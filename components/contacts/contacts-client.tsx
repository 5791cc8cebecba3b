'use client';

import { Download, FileUp, Trash2, UserPlus, Users, Zap } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { Badge } from '@/components/ui/badge';
import { notify } from '@/lib/notify/notify';
import { deleteContactsAction } from '@/lib/contacts/actions';
import type { ContactRecord } from '@/lib/contacts/record';
import type { ContactPage } from '@/lib/contacts/list-contacts';
import type { LocationOption } from '@/lib/locations/options';
import { EXACT_COUNT_LIMIT, PAGE_SIZES } from '@/lib/contacts/limits';
import type { ListQuery } from '@/lib/contacts/schema';
import type { Locale } from '@/lib/i18n/locales';
import { displayName } from '@/lib/names/display-name';
import { formatDateTime } from '@/lib/time/format';
import { ContactFilters } from './contact-filters';
import { OptBadge } from './opt-badge';

// The forms (react-hook-form, the dialog, the selects) load after the page, when idle, or when first opened (issue 11).
const ContactFormDialog = dynamic(() => import('./contact-form-dialog').then((m) => m.ContactFormDialog), { ssr: false });
const QuickAddDialog = dynamic(() => import('./quick-add-dialog').then((m) => m.QuickAddDialog), { ssr: false });

/** A row of the list, with its phone number formatted by the server page. */
export type ContactRow = ContactRecord & { phoneDisplay: string };

interface Props {
  page: Omit<ContactPage, 'records'> & { records: ContactRow[] };
  query: ListQuery;
  locations: LocationOption[];
  fieldKeys: string[];
}

export function ContactsClient({ page, query, locations, fieldKeys }: Props) {
  const t = useTranslations('contacts');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const searchParams = useSearchParams();
  const confirm = useConfirm();
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [adding, setAdding] = useState(false);
  const [quick, setQuick] = useState(false);
  const addLoaded = useLazyMount(adding);
  const quickLoaded = useLazyMount(quick);
  const [deleting, startDelete] = useTransition();

  const exportHref = (format: 'xlsx' | 'csv') => {
    const params = new URLSearchParams(searchParams.toString());
    params.delete('pageNum');
    params.delete('pageSize');
    params.set('format', format);
    return `/api/member/export?${params.toString()}`;
  };

  const deleteSelected = async () => {
    const count = selected.length;
    const ok = await confirm({ title: t('confirm.batchTitle'), description: t('confirm.batchDescription', { count }), confirmLabel: t('confirm.batchConfirm', { count }), danger: true });
    if (!ok) return;
    startDelete(async () => {
      const result = await deleteContactsAction({ ids: selected.map(Number) });
      if (!result.ok) return notify.warning(result.message);
      notify.success(t('deleted', { count: result.data.deleted }));
      setSelected([]);
      setBatch(false);
      router.refresh();
    });
  };

  const columns: DataTableColumn<ContactRow>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      mobile: 'title',
      cell: (c) => (
        <Link href={`/contacts/${c.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
          {displayName(c, locale) || '-'}
        </Link>
      ),
    },
    {
      id: 'contact',
      header: t('columns.contact'),
      cell: (c) => (
        <span className="flex flex-col gap-0.5 leading-tight">
          {c.phone && <span className="tabular-nums whitespace-nowrap">{c.phoneDisplay}</span>}
          {c.email && <span className="break-all text-slate-500 dark:text-slate-400">{c.email}</span>}
        </span>
      ),
    },
    { id: 'location', header: t('columns.location'), cell: (c) => c.locationName ?? <span className="text-slate-400">{t('noLocation')}</span> },
    { id: 'activity', header: t('columns.lastActivity'), className: 'whitespace-nowrap', cell: (c) => (c.lastActivityAt ? formatDateTime(c.lastActivityAt, locale) : <span className="text-slate-400">{t('never')}</span>) },
    { id: 'type', header: t('columns.type'), cell: (c) => <Badge tone={c.type === 'customer' ? 'primary' : 'neutral'}>{t(`type.${c.type}`)}</Badge> },
    { id: 'emailOpt', header: t('columns.emailOpt'), cell: (c) => <OptBadge value={c.emailOptIn} /> },
    { id: 'smsOpt', header: t('columns.smsOpt'), cell: (c) => <OptBadge value={c.smsOptIn} /> },
  ];

  const filtered = Object.entries(query).some(([k, v]) => !['pageNum', 'pageSize'].includes(k) && v !== undefined);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setAdding(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            {t('actions.add')}
          </Button>
          <Button variant="secondary" onClick={() => setQuick(true)}>
            <Zap className="size-4" aria-hidden="true" />
            {t('actions.quickAdd')}
          </Button>
          <Button variant="secondary" asChild>
            <Link href="/contacts/import">
              <FileUp className="size-4" aria-hidden="true" />
              {t('actions.import')}
            </Link>
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary">
                <Download className="size-4" aria-hidden="true" />
                {t('actions.export')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuItem asChild>
                <a href={exportHref('xlsx')} download>
                  {t('actions.exportXlsx')}
                </a>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <a href={exportHref('csv')} download>
                  {t('actions.exportCsv')}
                </a>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <div className="flex flex-wrap gap-2">
          {batch ? (
            <>
              <Button variant="danger" disabled={!selected.length} loading={deleting} onClick={deleteSelected}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t('actions.deleteSelected', { count: selected.length })}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setBatch(false);
                  setSelected([]);
                }}
              >
                {t('actions.exitBatch')}
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={() => setBatch(true)} disabled={!page.records.length}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('actions.batchDelete')}
            </Button>
          )}
        </div>
      </div>
      <ContactFilters key={searchParams.toString()} query={query} locations={locations} />
      <DataTable
        aria-label={t('title')}
        columns={columns}
        rows={page.records}
        rowKey={(c) => c.id}
        selectable={batch}
        selected={selected}
        onSelectedChange={setSelected}
        rowLabel={(c) => displayName(c, locale)}
        empty={
          filtered ? (
            <EmptyState icon={Users} title={t('empty.filtered')} />
          ) : (
            <EmptyState icon={Users} title={t('empty.title')} description={t('empty.description')} action={<Button onClick={() => setAdding(true)}>{t('actions.add')}</Button>} />
          )
        }
      />
      {!page.totalExact && (
        <p className="text-end text-xs text-slate-500 dark:text-slate-400">{t('totalEstimate', { limit: EXACT_COUNT_LIMIT.toLocaleString(), count: page.total.toLocaleString() })}</p>
      )}
      <Pager total={page.total} pageNum={page.pageNum} pageSize={page.pageSize} pageSizes={PAGE_SIZES} />
      {addLoaded && <ContactFormDialog open={adding} onOpenChange={setAdding} locations={locations} fieldKeys={fieldKeys} />}
      {quickLoaded && <QuickAddDialog open={quick} onOpenChange={setQuick} locations={locations} />}
    </div>
  );
}
