import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';

/** A channel's consent state: opted in (green), opted out (red), never stated (grey). */
export function OptBadge({ value }: { value: boolean | null }) {
  const t = useTranslations('contacts.opt');
  if (value === null) return <Badge tone="neutral">{t('unset')}</Badge>;
  return <Badge tone={value ? 'success' : 'danger'}>{t(value ? 'in' : 'out')}</Badge>;
}
