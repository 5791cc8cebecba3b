import { z } from 'zod';
import { isCalendarDay } from '@/lib/time/calendar';
import { rowId } from '@/lib/validation/ids';
import { MAX_CUSTOM_MONTHS, monthsSpanned } from './custom-period';
import { blankToUndefined as blank } from '@/lib/validation/paging';

export const DASHBOARD_PERIODS = ['30d', '90d', '6m', '12m', 'custom'] as const;

export const dashboardQuerySchema = z
  .object({
    period: z.preprocess(blank, z.enum(DASHBOARD_PERIODS).default('12m')),
    from: z.preprocess(blank, z.string().refine(isCalendarDay, 'reviews.errors.date').optional()),
    to: z.preprocess(blank, z.string().refine(isCalendarDay, 'reviews.errors.date').optional()),
    locationId: z.preprocess(blank, rowId().optional()),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to), { path: ['from'], message: 'dashboard.errors.customRange' })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'reviews.errors.dateRange' })
  .refine((q) => !q.from || !q.to || q.period !== 'custom' || monthsSpanned(q.from, q.to) <= MAX_CUSTOM_MONTHS, { path: ['to'], message: 'dashboard.errors.periodTooLong' });

export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
