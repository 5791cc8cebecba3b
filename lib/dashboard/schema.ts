import { z } from 'zod';
import { isCalendarDay } from '@/lib/time/calendar';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const DASHBOARD_PERIODS = ['30d', '90d', '6m', '12m', 'custom'] as const;

export const dashboardQuerySchema = z
  .object({
    period: z.preprocess(blank, z.enum(DASHBOARD_PERIODS).default('12m')),
    from: z.preprocess(blank, z.string().refine(isCalendarDay, 'reviews.errors.date').optional()),
    to: z.preprocess(blank, z.string().refine(isCalendarDay, 'reviews.errors.date').optional()),
    locationId: z.preprocess(blank, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to), { path: ['from'], message: 'dashboard.errors.customRange' })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'reviews.errors.dateRange' });

export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
