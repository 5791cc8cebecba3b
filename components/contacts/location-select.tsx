'use client';

import { useTranslations } from 'next-intl';
import { SimpleSelect } from '@/components/ui/select';
import type { LocationOption } from '@/lib/locations/options';

const NONE = 'none';

/** A contact's location: one of the merchant's, or none. */
export function ContactLocationSelect({ value, onChange, locations }: { value: unknown; onChange: (id: number | null) => void; locations: LocationOption[] }) {
  const t = useTranslations('contacts');
  return (
    <SimpleSelect
      aria-label={t('form.location')}
      value={value ? String(value) : NONE}
      onValueChange={(v) => onChange(v === NONE ? null : Number(v))}
      options={[{ value: NONE, label: t('noLocation') }, ...locations.map((l) => ({ value: String(l.id), label: l.name }))]}
    />
  );
}
