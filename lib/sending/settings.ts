import { eq } from 'drizzle-orm';
import { merchantSendingSettings } from '@/db/schema/sending';
import type { ServiceContext } from '@/lib/context';
import { DEFAULT_FREQUENCY_CAP_DAYS } from './eligibility';
import type { SendingSettingsInput } from './schema';
import { requireOwner } from '@/lib/team/require-owner';

export interface SendingSettings {
  /** One review request per contact and channel within this many days; 0 turns the cap off. */
  frequencyCapDays: number;
}

/** The merchant's sending rules; a merchant who never saved them has the defaults. */
export async function getSendingSettings(ctx: ServiceContext): Promise<SendingSettings> {
  const [row] = await ctx.db
    .select({ frequencyCapDays: merchantSendingSettings.frequencyCapDays })
    .from(merchantSendingSettings)
    .where(eq(merchantSendingSettings.merchantId, ctx.merchantId))
    .limit(1);
  return { frequencyCapDays: row?.frequencyCapDays ?? DEFAULT_FREQUENCY_CAP_DAYS };
}

/**
 * Saves the merchant's sending rules (one row per merchant); the dispatcher and forecast read them
 * at once. A merchant-wide rule: the owner's.
 */
export async function updateSendingSettings(ctx: ServiceContext, input: SendingSettingsInput): Promise<SendingSettings> {
  await requireOwner(ctx);
  const now = ctx.now();
  await ctx.db
    .insert(merchantSendingSettings)
    .values({ merchantId: ctx.merchantId, frequencyCapDays: input.frequencyCapDays, updatedAt: now })
    .onConflictDoUpdate({ target: merchantSendingSettings.merchantId, set: { frequencyCapDays: input.frequencyCapDays, updatedAt: now } });
  return getSendingSettings(ctx);
}
