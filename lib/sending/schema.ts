import { z } from 'zod';
import { FREQUENCY_CAP_MAX_DAYS } from './limits';
import { rowId } from '@/lib/validation/ids';

// Client components import these from ./limits instead: this module would bring zod into their pages.
export { FREQUENCY_CAP_MAX_DAYS } from './limits';

export const campaignIdParams = z.object({ id: rowId() });

export const resolveReviewSchema = z.object({
  deliveryId: rowId(),
  verdict: z.enum(['sent', 'resend'], 'validation.invalidValue'),
});

/** The campaign list's "N to check": the page's campaign ids (a page has at most 50). */
export const reviewCountsSchema = z.object({
  campaignIds: z.array(rowId(), 'validation.invalidType').max(100, 'validation.invalid'),
});

/** GET/PUT /api/sending/settings and the campaigns page's sending settings: the frequency cap. */
export const sendingSettingsSchema = z.object(
  {
    // Blank is no number (coercion would read null and '' as 0, turning the cap off).
    frequencyCapDays: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.coerce
        .number('campaigns.sendingSettings.capRange')
        .int('campaigns.sendingSettings.capRange')
        .min(0, 'campaigns.sendingSettings.capRange')
        .max(FREQUENCY_CAP_MAX_DAYS, 'campaigns.sendingSettings.capRange'),
    ),
  },
);
export type SendingSettingsInput = z.infer<typeof sendingSettingsSchema>;
