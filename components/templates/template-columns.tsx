'use client';

import { MoreHorizontal } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Tooltip } from '@/components/ui/tooltip';
import type { Locale } from '@/lib/i18n/locales';
import type { TemplateRecord } from '@/lib/templates/record';
import { formatDateTime } from '@/lib/time/format';

interface Options {
  /** Trial accounts see the list only: no edit or delete. */
  trialing: boolean;
  /** The shown tab, as the editor's ?type=. */
  typeParam: 'email' | 'text';
  deleting: boolean;
  onDetail: (row: TemplateRecord) => void;
  onDelete: (row: TemplateRecord) => void;
}

/** The template list's columns, with the "in use" tooltip and each row's menu (edit, details, delete). */
export function useTemplateColumns({ trialing, typeParam, deleting, onDetail, onDelete }: Options): DataTableColumn<TemplateRecord>[] {
  const t = useTranslations('templates');
  const locale = useLocale() as Locale;
  const router = useRouter();
  return [
    {
      id: 'name',
      header: t('columns.name'),
      mobile: 'title',
      className: 'min-w-40',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <button type="button" className="text-start font-medium text-slate-900 hover:text-primary dark:text-slate-100" onClick={() => onDetail(row)}>
            {row.templateName}
          </button>
          {row.merchantId === 0 ? <Badge tone="info">{t('common')}</Badge> : null}
        </span>
      ),
    },
    {
      id: 'subject',
      header: t('columns.subjectOrText'),
      className: 'max-w-md',
      cell: (row) => <span className="line-clamp-2 text-slate-600 dark:text-slate-300">{row.type === 0 ? row.subject : row.content}</span>,
    },
    { id: 'type', header: t('columns.type'), className: 'whitespace-nowrap', cell: (row) => t(`type.${row.type}`) },
    { id: 'updated', header: t('columns.updatedOn'), className: 'whitespace-nowrap tabular-nums', cell: (row) => formatDateTime(row.updateTime, locale) },
    { id: 'created', header: t('columns.createdOn'), className: 'whitespace-nowrap tabular-nums', cell: (row) => formatDateTime(row.createTime, locale) },
    {
      id: 'inUse',
      header: t('columns.inUse'),
      className: 'whitespace-nowrap',
      cell: (row) =>
        row.inUse ? (
          <Tooltip content={t('inUse.usedBy', { campaigns: row.usedBy.join(', ') })}>
            <span tabIndex={0}>
              <Badge tone="success">{t('inUse.yes')}</Badge>
            </span>
          </Tooltip>
        ) : (
          <Badge tone="neutral">{t('inUse.no')}</Badge>
        ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('columns.actions')}</span>,
      align: 'end',
      mobile: 'actions',
      cell: (row) => (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`${t('actions.menu')}: ${row.templateName}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {row.merchantId !== 0 && !trialing ? (
              <DropdownMenuItem onSelect={() => router.push(`/campaigns/templates/create?id=${row.templateId}&type=${typeParam}`)}>{t('actions.edit')}</DropdownMenuItem>
            ) : null}
            <DropdownMenuItem onSelect={() => onDetail(row)}>{t('actions.detail')}</DropdownMenuItem>
            {row.merchantId !== 0 && !trialing ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem danger disabled={deleting} onSelect={() => onDelete(row)}>
                  {t('actions.delete')}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];
}
