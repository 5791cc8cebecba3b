'use client';

import { Copy, Pencil, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { changeConsentAction, deleteContactAction } from '@/lib/contacts/actions';
import type { ContactDetail } from '@/lib/contacts/get-contact';
import type { LocationOption } from '@/lib/locations/options';
import type { Locale } from '@/lib/i18n/locales';
import { displayName } from '@/lib/names/display-name';
import { notify } from '@/lib/notify/notify';
import { formatDateTime } from '@/lib/time/format';
import { ContactDetailsCard } from './contact-details-card';
import { ContactHistoryCard } from './contact-history-card';
import { OptBadge } from './opt-badge';
import { BackToContacts } from '@/components/contacts/back-to-contacts';

// The edit form (react-hook-form, the dialog, the selects) loads after the page, when idle, or when first opened (issue 11).
const ContactFormDialog = dynamic(() => import('./contact-form-dialog').then((m) => m.ContactFormDialog), { ssr: false });

/** `phoneDisplay`: the number formatted by the server page. */
export function ContactDetailClient({ contact, phoneDisplay, locations, fieldKeys }: { contact: ContactDetail; phoneDisplay: string; locations: LocationOption[]; fieldKeys: string[] }) {
  const t = useTranslations('contacts');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const editLoaded = useLazyMount(editing);
  const [pending, start] = useTransition();
  const name = displayName(contact, locale) || `#${contact.id}`;

  const remove = async () => {
    if (!(await confirm({ title: t('confirm.deleteTitle'), description: t('confirm.deleteDescription', { name }), confirmLabel: t('actions.delete'), danger: true }))) return;
    start(async () => {
      const result = await deleteContactAction({ id: contact.id });
      if (!result.ok) return notify.warning(result.message);
      notify.success(t('deleted', { count: 1 }));
      // Replace, not push: Back must not bring the deleted contact's page out of the router cache.
      router.replace('/contacts');
    });
  };

  const consent = (channel: 'email' | 'sms', action: 'optin' | 'optout') =>
    start(async () => {
      const result = await changeConsentAction({ id: contact.id, channel, action });
      if (!result.ok) return notify.warning(result.message);
      notify.success(result.message ?? t('consentSaved'));
      router.refresh();
    });

  const channelCard = (channel: 'email' | 'sms') => {
    const value = channel === 'email' ? contact.emailOptIn : contact.smsOptIn;
    const at = channel === 'email' ? contact.emailOptInAt : contact.smsOptInAt;
    const source = channel === 'email' ? contact.emailOptInSource : contact.smsOptInSource;
    const reachable = channel === 'email' ? !!contact.email : !!contact.phone;
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <div className="flex flex-col gap-1">
          <span className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
            {t(channel === 'email' ? 'form.emailOptIn' : 'form.smsOptIn')} <OptBadge value={value} />
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{at && source ? t('form.consentMeta', { source: t(`source.${source}` as never), time: formatDateTime(at, locale) }) : t('form.consentNever')}</span>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" disabled={pending || !reachable || value === true} onClick={() => consent(channel, 'optin')}>
            {t('actions.optIn')}
          </Button>
          <Button size="sm" variant="secondary" disabled={pending || !reachable || value === false} onClick={() => consent(channel, 'optout')}>
            {t('actions.optOut')}
          </Button>
        </div>
      </div>
    );
  };

  return (
    <>
      <PageHeader
        back={
          <BackToContacts label={t('actions.back')} />
        }
        title={name}
        description={[contact.email, phoneDisplay].filter(Boolean).join(' · ')}
        actions={
          <>
            <Button onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" />
              {t('actions.edit')}
            </Button>
            <Button variant="danger" onClick={remove} loading={pending}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('actions.delete')}
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-6 mobile:grid-cols-1">
        <ContactDetailsCard contact={contact} phoneDisplay={phoneDisplay} />
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('form.consent')}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              {channelCard('email')}
              {channelCard('sms')}
              <div className="flex flex-col gap-2 pt-2">
                <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('detail.links')}</span>
                <p className="text-xs text-slate-500 dark:text-slate-400">{t('detail.linksHint', { optin: '{{optinLink}}', optout: '{{optoutLink}}' })}</p>
                {[contact.optinUrl, contact.optoutUrl].map((url) => (
                  <div key={url} className="flex items-center gap-2">
                    <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">{url}</code>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t('actions.copyLink')}
                      onClick={() => navigator.clipboard?.writeText(url).then(() => notify.success(t('actions.copied')))}
                    >
                      <Copy className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                ))}
              </div>
            </CardContent>
          </Card>
          <ContactHistoryCard contact={contact} />
        </div>
      </div>
      {editLoaded && <ContactFormDialog open={editing} onOpenChange={setEditing} contact={contact} locations={locations} fieldKeys={fieldKeys} />}
    </>
  );
}
