import type { LocationRecord } from '@/lib/locations/record';

/** A location as the page's client components get it: the record plus its phone, formatted. */
export type LocationRow = LocationRecord & { phoneDisplay: string };
