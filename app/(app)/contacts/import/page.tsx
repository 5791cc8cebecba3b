import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { ImportWizard } from '@/components/contacts/import-wizard';
import { requireSession } from '@/lib/auth/session';
import { locationOptions } from '@/lib/locations/options';
import { BackToContacts } from '@/components/contacts/back-to-contacts';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('contacts.import');
  return { title: t('title') };
}

/** /contacts/import: upload, match, import. */
export default async function ImportContactsPage() {
  const { ctx } = await requireSession();
  const t = await getTranslations('contacts');
  const locations = await locationOptions(ctx);
  return (
    <ClientMessages namespaces={['contacts.import']}>
      <PageHeader
        back={
          <BackToContacts label={t('actions.back')} />
        }
        title={t('import.title')}
        description={t('import.description')}
      />
      <ImportWizard locations={locations} />
    </ClientMessages>
  );
}
