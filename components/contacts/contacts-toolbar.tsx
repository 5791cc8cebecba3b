'use client';

import { Download, FileUp, Trash2, UserPlus, Zap } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { downloadExport } from './download-export';

interface Props {
  batch: boolean;
  selectedCount: number;
  deleting: boolean;
  hasRows: boolean;
  onAdd: () => void;
  onQuickAdd: () => void;
  onStartBatch: () => void;
  onDeleteSelected: () => void;
  onExitBatch: () => void;
}

/** Add, quick add, import, export (of the list's filters), and batch delete. */
export function ContactsToolbar({ batch, selectedCount, deleting, hasRows, onAdd, onQuickAdd, onStartBatch, onDeleteSelected, onExitBatch }: Props) {
  const t = useTranslations('contacts');
  const searchParams = useSearchParams();

  const exportHref = (format: 'xlsx' | 'csv') => {
    const params = new URLSearchParams(searchParams.toString());
    params.delete('pageNum');
    params.delete('pageSize');
    params.set('format', format);
    return `/api/member/export?${params.toString()}`;
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={onAdd}>
          <UserPlus className="size-4" aria-hidden="true" />
          {t('actions.add')}
        </Button>
        <Button variant="secondary" onClick={onQuickAdd}>
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
            <DropdownMenuItem onSelect={() => void downloadExport(exportHref('xlsx'), 'contacts.xlsx', t('errors.exportFailed'))}>{t('actions.exportXlsx')}</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void downloadExport(exportHref('csv'), 'contacts.csv', t('errors.exportFailed'))}>{t('actions.exportCsv')}</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="flex flex-wrap gap-2">
        {batch ? (
          <>
            <Button variant="danger" disabled={!selectedCount} loading={deleting} onClick={onDeleteSelected}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('actions.deleteSelected', { count: selectedCount })}
            </Button>
            <Button variant="ghost" onClick={onExitBatch}>
              {t('actions.exitBatch')}
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={onStartBatch} disabled={!hasRows}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('actions.batchDelete')}
          </Button>
        )}
      </div>
    </div>
  );
}
