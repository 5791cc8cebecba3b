import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { emailVerificationStatuses } from '@/db/schema/merchants';

type Status = (typeof emailVerificationStatuses)[number];

const TONES: Record<Status, 'neutral' | 'warning' | 'danger' | 'success' | 'info'> = {
  NotStarted: 'neutral',
  Pending: 'info',
  TemporaryFailure: 'warning',
  Failed: 'danger',
  Success: 'success',
};

/** The five service e-mail verification states (spec section 4) as coloured badges. */
export function VerificationBadge({ status }: { status: Status }) {
  const t = useTranslations('accounts.profile.status');
  return (
    <Badge tone={TONES[status]} data-testid="verification-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
