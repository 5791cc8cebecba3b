import type { ConsentSource } from '@/db/schema/contacts';
import { recordConsent } from '@/lib/consent/record-consent';
import type { ServiceContext } from '@/lib/context';
import { getContact, loadOwnContact, type ContactDetail } from './get-contact';
import type { ConsentInput } from './schema';

/** A signed-in opt-in or opt-out of one channel: history row and current state together. */
export async function changeConsent(ctx: ServiceContext, id: number, input: ConsentInput, source: Extract<ConsentSource, 'manual' | 'api'> = 'manual'): Promise<ContactDetail> {
  await loadOwnContact(ctx, id);
  await recordConsent(ctx.db, { merchantId: ctx.merchantId, contactId: id, channel: input.channel, action: input.action, source, userId: ctx.userId, at: ctx.now() });
  return getContact(ctx, id);
}
