import Link from 'next/link';
import type { Metadata } from 'next';
import { ArrowLeft } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { ImportWizard } from '@/components/contacts/import-wizard';
import { requireSession } from '@/lib/auth/session';
import { locationOptions } from '@/lib/locations/options';

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
    <>
      <PageHeader
        back={
          <Link href="/contacts" className="inline-flex items-center gap-1 text-slate-500 hover:text-primary dark:text-slate-400">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('actions.back')}
          </Link>
        }
        title={t('import.title')}
        description={t('import.description')}
      />
      <ImportWizard locations={locations} />
    </>
  );
}
