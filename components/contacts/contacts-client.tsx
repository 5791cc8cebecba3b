'use client';

import { Users } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { notify } from '@/lib/notify/notify';
import { deleteContactsAction } from '@/lib/contacts/actions';
import type { ContactRecord } from '@/lib/contacts/record';
import type { ContactPage } from '@/lib/contacts/list-contacts';
import type { LocationOption } from '@/lib/locations/options';
import { EXACT_COUNT_LIMIT, PAGE_SIZES } from '@/lib/contacts/limits';
import type { ListQuery } from '@/lib/contacts/schema';
import type { Locale } from '@/lib/i18n/locales';
import { displayName } from '@/lib/names/display-name';
import { useContactColumns } from './contact-columns';
import { ContactFilters } from './contact-filters';
import { ContactsToolbar } from './contacts-toolbar';

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

  const columns = useContactColumns();

  const filtered = Object.entries(query).some(([k, v]) => !['pageNum', 'pageSize'].includes(k) && v !== undefined);

  return (
    <div className="flex flex-col gap-4">
      <ContactsToolbar
        batch={batch}
        selectedCount={selected.length}
        deleting={deleting}
        hasRows={page.records.length > 0}
        onAdd={() => setAdding(true)}
        onQuickAdd={() => setQuick(true)}
        onStartBatch={() => setBatch(true)}
        onDeleteSelected={deleteSelected}
        onExitBatch={() => {
          setBatch(false);
          setSelected([]);
        }}
      />
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
