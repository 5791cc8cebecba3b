import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { BULK_SENDER_THRESHOLD } from '@/lib/deliverability/limits';
import type { DomainReport } from '@/lib/deliverability/types';

/**
 * What sending this e-mail campaign will meet, said on the form before it is sent: the sending
 * domain's last check when it does not pass (a bulk campaign is refused, a smaller one warned),
 * and complaints over the line (the owner confirms each campaign). Nothing when all is well.
 */
export async function SendOutlookNotice({ report, complaintRate }: { report: Pick<DomainReport, 'domain' | 'verdict'> | null; complaintRate: string | null }) {
  if ((!report || report.verdict === 'pass') && !complaintRate) return null;
  const t = await getTranslations('deliverability');
  return (
    <div role="note" data-testid="send-outlook" className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
      {report && report.verdict !== 'pass' && (
        <>
          <p className="font-medium">{report.verdict === 'unknown' ? t('verdict.unknown') : t('outlook.warn', { domain: report.domain })}</p>
          <p>
            {t('outlook.refuse', { threshold: BULK_SENDER_THRESHOLD.toLocaleString('en-US'), domain: report.domain })}{' '}
            <Link href="/profile#deliverability" className="font-medium underline underline-offset-4">
              {t('outlook.fix')}
            </Link>
          </p>
        </>
      )}
      {complaintRate && <p className="font-medium">{t('errors.complaintRateConfirm', { rate: complaintRate })}</p>}
    </div>
  );
}
