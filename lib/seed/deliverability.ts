import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { senderDomainChecks } from '@/db/schema/deliverability';
import { dkimRecordValue } from '@/lib/deliverability/dkim-check';
import { ensureDkimKey } from '@/lib/deliverability/dkim-keys';
import type { DomainReport } from '@/lib/deliverability/types';
import type { DemoMerchant } from './merchant';

const DOMAIN = 'morninglight.example';

/**
 * The demo merchant's last deliverability check, as a real one of a half-set-up domain reads: SPF
 * and MX in place, our DKIM selector and DMARC still to publish, each with its record. Written, not
 * asked of DNS (an .example domain has no records); "Check now" on the profile asks DNS for real.
 * Guarded by its own check. No complaints are seeded: the demo's campaigns must not be held.
 */
export async function seedDeliverability(db: Db, demo: DemoMerchant): Promise<void> {
  const [existing] = await db.select({ id: senderDomainChecks.merchantId }).from(senderDomainChecks).where(eq(senderDomainChecks.merchantId, demo.merchantId)).limit(1);
  if (existing) return;
  const now = new Date();
  const key = await ensureDkimKey(db, demo.merchantId, DOMAIN, now);
  const report: DomainReport = {
    domain: DOMAIN,
    email: `hello@${DOMAIN}`,
    verdict: 'fail',
    checkedAt: now.toISOString(),
    results: [
      { check: 'freeMailbox', status: 'pass', reason: 'ownDomain', values: { domain: DOMAIN } },
      { check: 'spf', status: 'pass', reason: 'spfPass', found: ['v=spf1 include:amazonses.com ~all'] },
      { check: 'dkim', status: 'missing', reason: 'dkimMissing', values: { selector: key.selector }, record: { type: 'TXT', name: `${key.selector}._domainkey.${DOMAIN}`, value: dkimRecordValue(key.publicKey) } },
      { check: 'dmarc', status: 'missing', reason: 'dmarcMissing', record: { type: 'TXT', name: `_dmarc.${DOMAIN}`, value: `v=DMARC1; p=none; adkim=r; aspf=r; rua=mailto:dmarc-reports@${DOMAIN}` } },
      { check: 'mx', status: 'pass', reason: 'mxPass', found: [`10 mx.${DOMAIN}`] },
    ],
  };
  await db.insert(senderDomainChecks).values({ merchantId: demo.merchantId, domain: DOMAIN, report, checkedAt: now }).onConflictDoNothing();
}
