import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { ContactsClient } from '@/components/contacts/contacts-client';
import { requireSession } from '@/lib/auth/session';
import { formatPhone } from '@/lib/phone/format';
import { listContacts } from '@/lib/contacts/list-contacts';
import { locationOptions } from '@/lib/locations/options';
import { listFieldKeys } from '@/lib/contacts/save-contact';
import { listQuery } from '@/lib/contacts/schema';
import { ClientMessages } from '@/components/i18n/client-messages';
import { firstValues } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('contacts');
  return { title: t('title') };
}

/** /contacts: every filter lives in the URL, so a page can be bookmarked and shared. */
export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { ctx } = await requireSession();
  const t = await getTranslations('contacts');
  const raw = firstValues(await searchParams);
  const parsed = listQuery.safeParse(raw);
  // A hand-edited URL with a bad value falls back to the defaults rather than an error page.
  const query = parsed.success ? parsed.data : listQuery.parse({});
  const [page, locations, fieldKeys] = await Promise.all([listContacts(ctx, query), locationOptions(ctx), listFieldKeys(ctx)]);
  return (
    <ClientMessages namespaces={['common', 'contacts', 'ui', 'validation']}>
      <PageHeader title={t('title')} description={t('description')} />
      {/* Phone numbers are formatted here (lib/phone/format.ts): libphonenumber-js's metadata stays off the page. */}
      <ContactsClient page={{ ...page, records: page.records.map((c) => ({ ...c, phoneDisplay: formatPhone(c.phone) })) }} query={query} locations={locations} fieldKeys={fieldKeys} />
    </ClientMessages>
  );
}
