import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickMessages, type MessageTree } from '@/lib/i18n/pick-messages';

/**
 * The messages the client components inside it may use, and no others: every page sends the
 * browser only the namespaces its client components use, not the whole catalogue (issue 22; the
 * catalogue was over half of a page's payload). A nested provider REPLACES the messages above it
 * (next-intl does not merge), so the list is everything the subtree's client code translates;
 * tests/unit/client-messages.test.ts checks each route's list against its client components
 * (`node scripts/client-namespaces.mjs` prints what each route uses). Write the list literally
 * (`namespaces={['contacts', 'ui.pager']}`): the test reads it from the source.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: React.ReactNode }) {
  const messages = (await getMessages()) as MessageTree;
  return <NextIntlClientProvider messages={pickMessages(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
