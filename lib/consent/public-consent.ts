import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { contacts, type ConsentAction, type ConsentChannel } from '@/db/schema/contacts';
import { merchants } from '@/db/schema/merchants';
import { AppError, notFound } from '@/lib/errors/app-error';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { writeConsent } from './record-consent';
import { lockMerchantContacts } from '@/lib/db/contacts-lock';

export interface PublicConsentView {
  merchantName: string;
  firstName: string;
  locale: Locale | null;
  /** The channels this contact can be reached on (has an address for). */
  channels: ConsentChannel[];
  emailOptIn: boolean | null;
  smsOptIn: boolean | null;
}

// Tokens are 32 base64url characters; anything else is not looked up at all.
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** What the public page /u/{token} shows; reading it never changes consent (link scanners GET). */
export async function loadPublicConsent(db: Db, token: string): Promise<PublicConsentView> {
  const row = await findByToken(db, token);
  return toView(row);
}

/**
 * The contact's confirmation from the public page: one channel, or every channel the contact has
 * when none is named. Written as history with source 'public-page', or 'email-unsubscribe' for a
 * mail client's List-Unsubscribe one-click.
 */
export async function confirmPublicConsent(
  db: Db,
  token: string,
  input: { action: ConsentAction; channel?: ConsentChannel | null },
  meta: { ip?: string | null; now: Date; source?: 'public-page' | 'email-unsubscribe' },
): Promise<PublicConsentView> {
  const row = await findByToken(db, token);
  const available = channelsOf(row);
  const channels = input.channel ? available.filter((c) => c === input.channel) : available;
  // A mail client's one-click for an address since removed: nothing left to stop, and a provider
  // that sees an error may flag the sender. Answered as done.
  if (!channels.length && meta.source === 'email-unsubscribe') return toView(row);
  // A named channel the contact has no address on: said beside the field, not "link not valid".
  if (!channels.length && input.channel) throw new AppError('VALIDATION', 'contacts.public.noAddressOnChannel', { fieldErrors: { channel: 'contacts.public.noAddressOnChannel' } });
  if (!channels.length) throw notFound('contacts.public.notFound');
  await db.transaction(async (tx) => {
    // Before the contact's row, as an import takes them (lib/db/contacts-lock.ts).
    await lockMerchantContacts(tx, row.merchantId);
    for (const channel of channels) {
      await writeConsent(tx, { merchantId: row.merchantId, contactId: row.id, channel, action: input.action, source: meta.source ?? 'public-page', ip: meta.ip ?? null, at: meta.now });
    }
  });
  return toView(await findByToken(db, token));
}

async function findByToken(db: Db, token: string) {
  if (!TOKEN.test(token)) throw notFound('contacts.public.notFound');
  const [row] = await db
    .select({
      id: contacts.id,
      merchantId: contacts.merchantId,
      firstName: contacts.firstName,
      email: contacts.email,
      phone: contacts.phone,
      locale: contacts.locale,
      emailOptIn: contacts.emailOptIn,
      smsOptIn: contacts.smsOptIn,
      merchantName: merchants.name,
    })
    .from(contacts)
    .innerJoin(merchants, eq(merchants.id, contacts.merchantId))
    .where(eq(contacts.optToken, token))
    .limit(1);
  if (!row) throw notFound('contacts.public.notFound');
  return row;
}

function channelsOf(row: { email: string | null; phone: string | null }): ConsentChannel[] {
  return [...(row.email ? (['email'] as const) : []), ...(row.phone ? (['sms'] as const) : [])];
}

function toView(row: Awaited<ReturnType<typeof findByToken>>): PublicConsentView {
  return {
    merchantName: row.merchantName,
    firstName: row.firstName,
    locale: isLocale(row.locale) ? row.locale : null,
    channels: channelsOf(row),
    emailOptIn: row.emailOptIn,
    smsOptIn: row.smsOptIn,
  };
}
