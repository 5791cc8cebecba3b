'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { DataTableColumn } from '@/components/ui/data-table';
import type { Locale } from '@/lib/i18n/locales';
import { displayName } from '@/lib/names/display-name';
import { formatDateTime } from '@/lib/time/format';
import type { ContactRow } from './contacts-client';
import { OptBadge } from './opt-badge';

/** The contact list's columns: name (to the contact's page), phone and e-mail, location, activity, type and opt-ins. */
export function useContactColumns(): DataTableColumn<ContactRow>[] {
  const t = useTranslations('contacts');
  const locale = useLocale() as Locale;
  return [
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
          {/* A narrow column breaks a long address before its @ first, mid-word only when it must. */}
          {c.email && (
            <span className="wrap-anywhere text-slate-500 dark:text-slate-400">
              {c.email.slice(0, c.email.lastIndexOf('@'))}
              <wbr />
              {c.email.slice(c.email.lastIndexOf('@'))}
            </span>
          )}
        </span>
      ),
    },
    { id: 'location', header: t('columns.location'), cell: (c) => c.locationName ?? <span className="text-slate-400">{t('noLocation')}</span> },
    { id: 'activity', header: t('columns.lastActivity'), className: 'whitespace-nowrap', cell: (c) => (c.lastActivityAt ? formatDateTime(c.lastActivityAt, locale) : <span className="text-slate-400">{t('never')}</span>) },
    { id: 'type', header: t('columns.type'), cell: (c) => <Badge tone={c.type === 'customer' ? 'primary' : 'neutral'}>{t(`type.${c.type}`)}</Badge> },
    { id: 'emailOpt', header: t('columns.emailOpt'), cell: (c) => <OptBadge value={c.emailOptIn} /> },
    { id: 'smsOpt', header: t('columns.smsOpt'), cell: (c) => <OptBadge value={c.smsOptIn} /> },
  ];
}
