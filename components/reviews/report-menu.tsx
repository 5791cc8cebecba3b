'use client';

import { useTranslations } from 'next-intl';
import { FileSpreadsheet, FileText, ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** The report of the filtered reviews: a spreadsheet download or a printable page. */
export function ReportMenu({ query }: { query: string }) {
  const t = useTranslations('reviews.report');
  const suffix = query ? `?${query}` : '';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>
          {t('button')}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <a href={`/api/reviews/report${suffix}`} download>
            <FileSpreadsheet aria-hidden="true" />
            {t('spreadsheet')}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={`/reviews/report${suffix}`} target="_blank" rel="noopener">
            <FileText aria-hidden="true" />
            {t('printable')}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
