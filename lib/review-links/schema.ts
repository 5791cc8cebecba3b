import { z } from 'zod';
import { rowId } from '@/lib/validation/ids';
import { blankToUndefined as blank } from '@/lib/validation/paging';
import { ACCENTS } from '@/lib/theme/appearance';
import { CARD_SIZES, EMPLOYEE_TAG_MAX } from './limits';

/**
 * One zod schema per input, shared by the locations screen's code dialog, its server actions and
 * the /api/merchant/reviewLink routes. Messages are message keys, translated where shown.
 */

/** A new code: for the location alone, for a team member, or for a free-text employee name. */
export const createReviewLinkSchema = z.object({
  locationId: rowId(),
  memberUserId: z.preprocess(blank, rowId().optional()),
  employeeTag: z.preprocess(blank, z.string({ error: 'validation.invalidType' }).trim().max(EMPLOYEE_TAG_MAX, 'validation.tooLong').optional()),
});
export type CreateReviewLinkInput = z.infer<typeof createReviewLinkSchema>;

export const setReviewLinkEnabledSchema = z.object({ id: rowId(), enabled: z.boolean({ error: 'validation.invalidType' }) });
export type SetReviewLinkEnabledInput = z.infer<typeof setReviewLinkEnabledSchema>;

export const reviewLinkIdParamsSchema = z.object({ id: rowId() });

export const listReviewLinksQuerySchema = z.object({ locationId: rowId() });
export type ListReviewLinksQuery = z.infer<typeof listReviewLinksQuerySchema>;

/** The download: the QR code alone as PNG, or the printable card as PDF, in one of the accents. */
export const reviewCardQuerySchema = z.object({
  format: z.preprocess(blank, z.enum(['png', 'pdf'], { error: 'validation.invalid' }).default('pdf')),
  size: z.preprocess(blank, z.enum(Object.keys(CARD_SIZES) as [keyof typeof CARD_SIZES], { error: 'validation.invalid' }).default('a6')),
  accent: z.preprocess(blank, z.enum(ACCENTS, { error: 'validation.invalid' }).optional()),
});
export type ReviewCardQuery = z.infer<typeof reviewCardQuerySchema>;
