import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ContactDetailClient } from '@/components/contacts/contact-detail-client';
import { isAppError } from '@/lib/errors/app-error';
import { requireSession } from '@/lib/auth/session';
import { formatPhone } from '@/lib/phone/format';
import { getContact } from '@/lib/contacts/get-contact';
import { locationOptions } from '@/lib/locations/options';
import { listFieldKeys } from '@/lib/contacts/save-contact';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('contacts');
  return { title: t('detail.title') };
}

/** /contacts/{id}: details, consent with its history, the opt links, edit and delete. */
export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx } = await requireSession();
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const contact = await getContact(ctx, id).catch((error) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const [locations, fieldKeys] = await Promise.all([locationOptions(ctx), listFieldKeys(ctx)]);
  // Formatted here (lib/phone/format.ts): libphonenumber-js's metadata stays off the page.
  return (
    <ClientMessages namespaces={['common', 'contacts', 'validation']}>
      <ContactDetailClient contact={contact} phoneDisplay={formatPhone(contact.phone)} locations={locations} fieldKeys={fieldKeys} />
    </ClientMessages>
  );
}
