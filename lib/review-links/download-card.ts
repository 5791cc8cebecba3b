import { eq } from 'drizzle-orm';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import type { ServiceContext } from '@/lib/context';
import { translatorFor } from '@/lib/i18n/translator';
import { appearanceOf } from '@/lib/theme/appearance';
import { reviewCardPdf, reviewQrPng } from './card';
import { reviewLinkUrl } from './code';
import { requireOwnReviewLink } from './own-review-link';
import type { ReviewCardQuery } from './schema';

/**
 * A code's download: the QR code as PNG, or the printable card as PDF (A6 or business card) in
 * the asked accent, by default the signed-in user's. Any member may print the codes (staff print
 * their own); only the owner makes or turns them off.
 */
export async function downloadReviewCard(ctx: ServiceContext, id: number, query: ReviewCardQuery): Promise<Response> {
  const link = await requireOwnReviewLink(ctx.db, ctx.merchantId, id);
  const url = reviewLinkUrl(link.code);
  const fileBase = `review-${link.code}`;
  if (query.format === 'png') {
    const png = await reviewQrPng(url);
    return fileResponse(new Uint8Array(png), 'image/png', `${fileBase}.png`);
  }
  const [[merchant], [location], [user]] = await Promise.all([
    ctx.db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, ctx.merchantId)).limit(1),
    requireOwnLocation(ctx.db, ctx.merchantId, link.locationId).then((row) => [row]),
    ctx.db.select({ accent: users.accent }).from(users).where(eq(users.id, ctx.userId)).limit(1),
  ]);
  const t = translatorFor(ctx.locale);
  // The card's built-in font draws Latin text only: a Chinese headline falls back to English.
  const english = translatorFor('en-US');
  const latin = (text: string, fallback: string) => (/^[\u0020-\u00ff]*$/.test(text) ? text : fallback);
  const subline = link.employeeTag ? `${location?.name ?? ''} · ${link.employeeTag}` : (location?.name ?? '');
  const pdf = await reviewCardPdf({
    url,
    size: query.size,
    accent: query.accent ?? appearanceOf(user?.accent, null).accent,
    text: { merchantName: merchant?.name ?? '', headline: latin(t('reviewLinks.card.headline'), english('reviewLinks.card.headline')), subline: subline.replace('·', '-') },
  });
  return fileResponse(pdf, 'application/pdf', `${fileBase}-${query.size}.pdf`);
}

function fileResponse(body: Uint8Array, type: string, name: string): Response {
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'private, no-store' },
  });
}
