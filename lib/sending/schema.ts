import { z } from 'zod';
import { campaignInputSchema } from '@/lib/campaigns/schema';

/**
 * The forecast reads the campaign form as it stands (the form's own schema), before it is saved:
 * the name does not change a forecast, so an empty one is no reason to refuse it.
 */
export const forecastInputSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && !Array.isArray(value) ? { ...value, campaignName: 'forecast' } : value),
  campaignInputSchema,
);

export const campaignIdParams = z.object({ id: z.coerce.number('validation.invalidType').int('validation.invalid').positive('validation.invalid') });

export const resolveReviewSchema = z.object({
  deliveryId: z.coerce.number('validation.invalidType').int('validation.invalid').positive('validation.invalid'),
  verdict: z.enum(['sent', 'resend'], 'validation.invalidValue'),
});
