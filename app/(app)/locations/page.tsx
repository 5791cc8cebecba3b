import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LocationList } from '@/components/locations/location-list';
import { requireSession } from '@/lib/auth/session';
import { userRole } from '@/lib/auth/user-role';
import { formatPhone } from '@/lib/phone/format';
import { locationPageSchema } from '@/lib/locations/schema';
import { listLocations } from '@/lib/locations/list-locations';
import { ClientMessages } from '@/components/i18n/client-messages';
import { firstValue } from '@/lib/http/search-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('locations');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Store locations (spec section 2): filters and paging live in the URL. */
export default async function LocationsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireSession();
  const raw = await searchParams;
  // A hand-edited URL (pageSize=abc) falls back to the defaults rather than failing the page.
  const parsed = locationPageSchema.safeParse({ pageNum: firstValue(raw.pageNum), pageSize: firstValue(raw.pageSize), enabled: firstValue(raw.enabled), keyword: firstValue(raw.keyword) });
  const query = parsed.success ? parsed.data : locationPageSchema.parse({});
  let page = await listLocations(ctx, query);
  // A page past the end (after a delete, or an old link): show the last page instead.
  if (page.records.length === 0 && page.total > 0) {
    page = await listLocations(ctx, { ...query, pageNum: Math.ceil(page.total / query.pageSize) });
  }
  const owner = (await userRole(ctx)) === 'owner';
  const rows = page.records.map((record) => ({ ...record, phoneDisplay: formatPhone(record.phone) }));
  return (
    <ClientMessages namespaces={['common', 'locations', 'reviewLinks', 'ui', 'validation']}>
      <LocationList rows={rows} total={page.total} pageNum={page.pageNum} pageSize={page.pageSize} keyword={query.keyword ?? ''} enabledOnly={query.enabled === true} canManage={owner} />
    </ClientMessages>
  );
}
