import { sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/context';

/** How many employee names the reviews filter offers (the most recently credited first). */
const EMPLOYEE_OPTIONS_MAX = 100;

/**
 * The employee names the reviews filter offers: those reviews are credited to and those the
 * merchant's review codes name (a new code's employee shows before the first review).
 */
export async function employeeOptions(ctx: ServiceContext): Promise<string[]> {
  const rows = await ctx.db.execute<{ name: string }>(sql`
    select name from (
      select employee_tag as name, max(create_time) as last from reviews where merchant_id = ${ctx.merchantId} and employee_tag is not null group by 1
      union all
      select employee_tag, max(created_at) from review_links where merchant_id = ${ctx.merchantId} and employee_tag is not null group by 1
    ) named group by name order by max(last) desc, name limit ${EMPLOYEE_OPTIONS_MAX}`);
  return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b));
}
