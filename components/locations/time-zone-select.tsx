'use client';

import { useMemo } from 'react';
import { SimpleSelect } from '@/components/ui/select';
import { timeZoneNames } from '@/lib/locations/time-zone';

/** The form time zones of spec section 9, then every zone the browser knows. */
const COMMON = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Tokyo', 'Asia/Singapore', 'Europe/London', 'America/Los_Angeles', 'America/New_York'];

export function TimeZoneSelect({ value, onChange, suggested }: { value: string; onChange: (zone: string) => void; suggested?: string }) {
  const first = useMemo(() => {
    const list = [...COMMON];
    for (const zone of [suggested, value]) if (zone && !list.includes(zone)) list.unshift(zone);
    return list;
  }, [suggested, value]);
  const rest = useMemo(() => timeZoneNames().filter((z) => !first.includes(z)), [first]);
  // ~420 zones: build each label once, not on every render.
  const labels = useMemo(() => new Map([...first, ...rest].map((zone) => [zone, `${zone.replace(/_/g, ' ')} (${offsetOf(zone)})`])), [first, rest]);
  const groups = useMemo(() => [first, rest].map((zones) => zones.map((zone) => ({ value: zone, label: labels.get(zone) ?? zone }))), [first, rest, labels]);
  return <SimpleSelect value={value} onValueChange={onChange} groups={groups} maxListHeight="18rem" />;
}

/** GMT+8, GMT-4 … today, so a person can tell the zones apart. */
function offsetOf(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}
