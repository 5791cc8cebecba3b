import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { templates } from '@/db/schema/templates';
import type { ServiceContext } from '@/lib/context';
import { locationOptions } from '@/lib/locations/options';

/**
 * What the request form offers: the channel's templates (the merchant's own, then the common
 * ones in the user's language) and the merchant's enabled locations.
 */
export async function requestFormOptions(ctx: ServiceContext, channel: number) {
  const [templateRows, locationRows] = await Promise.all([
    ctx.db
      .select({ id: templates.id, name: templates.name, merchantId: templates.merchantId, subject: templates.subject })
      .from(templates)
      .where(
        and(
          eq(templates.type, channel),
          or(eq(templates.merchantId, ctx.merchantId), and(eq(templates.merchantId, 0), or(eq(templates.locale, ctx.locale), isNull(templates.locale)))),
          inArray(templates.merchantId, [0, ctx.merchantId]),
        ),
      )
      .orderBy(desc(templates.merchantId), desc(templates.updatedAt)),
    locationOptions(ctx),
  ]);
  return {
    templates: templateRows.map((t) => ({ id: t.id, name: t.name, common: t.merchantId === 0, subject: t.subject ?? '' })),
    locations: locationRows.filter((l) => l.enabled).map((l) => ({ id: l.id, name: l.name, timezone: l.timezone })),
  };
}
export type RequestFormOptions = Awaited<ReturnType<typeof requestFormOptions>>;
