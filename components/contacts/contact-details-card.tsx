'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { ContactDetail } from '@/lib/contacts/get-contact';
import type { Locale } from '@/lib/i18n/locales';
import { formatDateTime } from '@/lib/time/format';

/** The contact's fields, custom fields, e-mail status and dates. `phoneDisplay`: formatted by the server page. */
export function ContactDetailsCard({ contact, phoneDisplay }: { contact: ContactDetail; phoneDisplay: string }) {
  const t = useTranslations('contacts');
  const locale = useLocale() as Locale;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl>
          {row(t('form.lastName'), contact.lastName)}
          {row(t('form.firstName'), contact.firstName)}
          {row(t('form.email'), contact.email)}
          {row(t('form.phone'), phoneDisplay)}
          {row(t('form.gender'), t(`gender.${contact.gender}`))}
          {row(t('form.type'), <Badge tone={contact.type === 'customer' ? 'primary' : 'neutral'}>{t(`type.${contact.type}`)}</Badge>)}
          {row(t('form.location'), contact.locationName ?? t('noLocation'))}
          {row(t('form.tags'), contact.tags.length ? <span className="flex flex-wrap justify-end gap-1">{contact.tags.map((tag) => <Badge key={tag}>{tag}</Badge>)}</span> : null)}
          {Object.entries(contact.customFields).map(([k, v]) => row(k, v))}
          {contact.emailStatus !== 'ok' && row(t('detail.emailStatus'), <Badge tone="danger">{t(`detail.${contact.emailStatus}`)}</Badge>)}
          {row(t('columns.lastActivity'), contact.lastActivityAt ? formatDateTime(contact.lastActivityAt, locale) : t('never'))}
          {row(t('detail.created'), formatDateTime(contact.createdAt, locale))}
          {row(t('detail.updated'), formatDateTime(contact.updatedAt, locale))}
        </dl>
      </CardContent>
    </Card>
  );
}

function row(label: string, value: ReactNode) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2.5 text-sm last:border-0 dark:border-slate-800">
      <dt className="shrink-0 text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-end break-words text-slate-900 dark:text-slate-100">{value || '-'}</dd>
    </div>
  );
}
