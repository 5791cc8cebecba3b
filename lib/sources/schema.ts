import { z } from 'zod';
import { blankToUndefined as blank } from '@/lib/validation/paging';

const resourceName = (prefix: string) => z.string().trim().min(1).max(200).regex(new RegExp(`^${prefix}/[A-Za-z0-9_-]+$`), 'sources.errors.badResource');

export const sourceIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const pageTokenQuery = z.object({ pageToken: z.preprocess(blank, z.string().max(500).optional()) });
export const locationsQuery = pageTokenQuery.extend({ account: resourceName('accounts') });
export const reviewsQuery = locationsQuery.extend({ location: resourceName('locations') });
export const linkSchema = z.object({
  sourceLocationId: z.coerce.number().int().positive().max(2_147_483_647),
  locationId: z.coerce.number({ message: 'sources.errors.chooseLocation' }).int().positive('sources.errors.chooseLocation').max(2_147_483_647),
});
export const unlinkSchema = z.object({ sourceLocationId: z.coerce.number().int().positive().max(2_147_483_647) });
export const callbackQuery = z.object({
  state: z.preprocess(blank, z.string().max(200).optional()),
  code: z.preprocess(blank, z.string().max(2000).optional()),
  error: z.preprocess(blank, z.string().max(200).optional()),
});
