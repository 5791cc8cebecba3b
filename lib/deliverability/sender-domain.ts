import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { merchants } from '@/db/schema/merchants';
import { senderDomainChecks } from '@/db/schema/deliverability';
import type { ServiceContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { requireOwner } from '@/lib/team/require-owner';
import { checkSendingDomain, domainOf } from './check-domain';
import { dkimSigningFor, ensureDkimKey, rotateDkimKey, type DkimSigning } from './dkim-keys';
import { DOMAIN_CHECK_REUSE_MS } from './limits';
import type { DomainReport } from './types';

type Ctx = Pick<ServiceContext, 'db' | 'merchantId' | 'now'>;

/**
 * Checks the domain of the merchant's service e-mail now and keeps the result (the profile shows
 * it; sending reuses it for a while). Any member may check; nothing changes but the stored result.
 */
export async function checkServiceEmailDomain(ctx: Ctx): Promise<DomainReport> {
  const email = await serviceEmailOf(ctx.db, ctx.merchantId);
  const now = ctx.now();
  const own = await ensureDkimKey(ctx.db, ctx.merchantId, domainOf(email), now);
  const report = await checkSendingDomain(email, own, now);
  await ctx.db
    .insert(senderDomainChecks)
    .values({ merchantId: ctx.merchantId, domain: report.domain, report, checkedAt: now })
    .onConflictDoUpdate({ target: senderDomainChecks.merchantId, set: { domain: report.domain, report, checkedAt: now } });
  return report;
}

/** The last stored check, if it is still of the current service e-mail; null otherwise. */
export async function lastDomainReport(ctx: Pick<ServiceContext, 'db' | 'merchantId'>): Promise<DomainReport | null> {
  const [row] = await ctx.db
    .select({ report: senderDomainChecks.report, email: merchants.serviceEmail })
    .from(senderDomainChecks)
    .innerJoin(merchants, eq(merchants.id, senderDomainChecks.merchantId))
    .where(eq(senderDomainChecks.merchantId, ctx.merchantId))
    .limit(1);
  const report = row?.report as DomainReport | undefined;
  return report && row?.email && report.email === row.email ? report : null;
}

/**
 * What sending goes by: the stored check when it is recent and of the current address, else a
 * fresh one. Null when the merchant has no service e-mail (mail goes from our own address).
 */
export async function currentDomainReport(ctx: Ctx): Promise<DomainReport | null> {
  const [merchant] = await ctx.db.select({ email: merchants.serviceEmail }).from(merchants).where(eq(merchants.id, ctx.merchantId)).limit(1);
  if (!merchant?.email) return null;
  const last = await lastDomainReport(ctx);
  if (last && ctx.now().getTime() - new Date(last.checkedAt).getTime() < DOMAIN_CHECK_REUSE_MS) return last;
  return checkServiceEmailDomain(ctx);
}

/** The owner replaces our DKIM key of the service e-mail's domain (a new selector to publish), then the domain is checked again. */
export async function rotateServiceEmailKey(ctx: Pick<ServiceContext, 'db' | 'merchantId' | 'userId' | 'now'>): Promise<DomainReport> {
  await requireOwner(ctx);
  const email = await serviceEmailOf(ctx.db, ctx.merchantId);
  await rotateDkimKey(ctx.db, ctx.merchantId, domainOf(email), ctx.now());
  return checkServiceEmailDomain(ctx);
}

async function serviceEmailOf(db: Db, merchantId: number): Promise<string> {
  const [merchant] = await db.select({ email: merchants.serviceEmail }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!merchant?.email) throw new AppError('BAD_REQUEST', 'accounts.errors.serviceEmailMissing');
  return merchant.email;
}

/**
 * For whoever sends mail as the merchant's own domain (From on the service e-mail's domain): our
 * DKIM signing options, only once the last check found our selector published with our key.
 * Signing with a key whose record is absent would only add a failing signature.
 */
export async function merchantDkimSigning(db: Db, merchantId: number): Promise<DkimSigning | null> {
  const report = await lastDomainReport({ db, merchantId });
  const dkim = report?.results.find((r) => r.check === 'dkim');
  if (!report || dkim?.status !== 'pass' || dkim.reason !== 'dkimPassOwn') return null;
  return dkimSigningFor(db, merchantId, report.domain);
}
