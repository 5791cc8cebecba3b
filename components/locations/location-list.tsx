'use client';

import { Building2, Plus, Search } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useListQuery } from '@/components/lists/use-list-query';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { PAGE_SIZES } from '@/lib/locations/limits';
import { useLocationColumns } from './location-columns';
import { LocationFilters } from './location-filters';
import type { LocationRow } from './location-row';
import { useLocationRowActions } from './use-location-row-actions';

// The dialogs (Radix's dialog, the form with react-hook-form and zod) load after the page, when idle, or when first opened (issue 11).
const LocationFormDialog = dynamic(() => import('./location-form-dialog').then((m) => m.LocationFormDialog), { ssr: false });
const LocationDetailsDialog = dynamic(() => import('./location-details-dialog').then((m) => m.LocationDetailsDialog), { ssr: false });
const ReviewCodesDialog = dynamic(() => import('@/components/review-links/review-codes-dialog').then((m) => m.ReviewCodesDialog), { ssr: false });
const DeleteBlockedDialog = dynamic(() => import('./delete-blocked-dialog').then((m) => m.DeleteBlockedDialog), { ssr: false });

export interface LocationListProps {
  rows: LocationRow[];
  total: number;
  pageNum: number;
  pageSize: number;
  keyword: string;
  enabledOnly: boolean;
  /** The signed-in user is the owner (enables, disables and deletes). */
  canManage: boolean;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; row: LocationRow } | { kind: 'details'; row: LocationRow } | { kind: 'codes'; row: LocationRow } | null;

/** Store locations (spec section 2): search, filter, paging, enable switches, add, edit, details and delete. */
export function LocationList({ rows, total, pageNum, pageSize, keyword, enabledOnly, canManage }: LocationListProps) {
  const t = useTranslations('locations');
  const list = useListQuery({ keyword });
  const { pending, refresh } = list;
  const actions = useLocationRowActions({ list, rows, pageNum });
  const [dialog, setDialog] = useState<Dialog>(null);
  const formLoaded = useLazyMount(dialog?.kind === 'create' || dialog?.kind === 'edit');
  const detailsLoaded = useLazyMount(dialog?.kind === 'details');
  const codesLoaded = useLazyMount(dialog?.kind === 'codes');
  const blockedLoaded = useLazyMount(actions.blocked !== null);
  const filtered = keyword !== '' || enabledOnly;
  // A new location starts in the country the listed ones share (else the interface language's).
  const countries = new Set(rows.map((r) => r.country));
  const sharedCountry = countries.size === 1 ? [...countries][0] : null;

  const columns = useLocationColumns({ isEnabled: actions.isEnabled, onOpen: (kind, row) => setDialog({ kind, row }), onToggle: (row, next) => void actions.setEnabled(row, next), onDelete: (row) => void actions.remove(row), canManage });

  const empty = filtered ? (
    <EmptyState
      icon={Search}
      title={t('empty.filteredTitle')}
      description={t('empty.filteredText')}
      action={
        <Button
          variant="secondary"
          onClick={() => {
            list.search.set('');
            list.filter({ keyword: null, enabled: null });
          }}
        >
          {t('empty.clearFilters')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={Building2}
      title={t('empty.title')}
      description={t('empty.text')}
      action={
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <Plus aria-hidden="true" />
          {t('add')}
        </Button>
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })} className="mobile:w-full">
            <Plus aria-hidden="true" />
            {t('add')}
          </Button>
        }
      />
      {!canManage && <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{t('ownerNote')}</p>}
      <LocationFilters list={list} keyword={keyword} enabledOnly={enabledOnly} total={total} />
      <DataTable aria-label={t('title')} columns={columns} rows={rows} rowKey={(row) => row.locationId} loading={pending && rows.length === 0} empty={empty} className={pending ? 'opacity-70 transition-opacity' : undefined} />
      {total > 0 && <Pager total={total} pageNum={pageNum} pageSize={pageSize} pageSizes={PAGE_SIZES} />}
      {formLoaded && (
        <LocationFormDialog
          open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
          row={dialog?.kind === 'edit' ? dialog.row : null}
          sharedCountry={sharedCountry}
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {detailsLoaded && <LocationDetailsDialog row={dialog?.kind === 'details' ? dialog.row : null} onOpenChange={(open) => !open && setDialog(null)} onEdit={(row) => setDialog({ kind: 'edit', row })} />}
      {codesLoaded && <ReviewCodesDialog location={dialog?.kind === 'codes' ? dialog.row : null} canManage={canManage} onOpenChange={(open) => !open && setDialog(null)} />}
      {blockedLoaded && <DeleteBlockedDialog blocked={actions.blocked} onOpenChange={(open) => !open && actions.closeBlocked()} />}
    </>
  );
}
