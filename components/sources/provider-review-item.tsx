import { getTranslations } from 'next-intl/server';
import { Stars } from '@/components/reviews/stars';
import type { Locale } from '@/lib/i18n/locales';
import type { browseReviews } from '@/lib/sources/browse';
import { formatDateTime } from '@/lib/time/format';

type ProviderReview = Awaited<ReturnType<typeof browseReviews>>['items'][number];

/** One review read live from the provider: reviewer, time, stars, comment and the merchant's reply. */
export async function ProviderReviewItem({ review, locale }: { review: ProviderReview; locale: Locale }) {
  const t = await getTranslations('sources');
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3" data-testid="provider-review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900 dark:text-slate-100">{review.reviewer}</span>
        <time className="text-xs text-slate-500 tabular-nums dark:text-slate-400" dateTime={review.createTime}>
          {formatDateTime(review.createTime, locale)}
        </time>
      </div>
      <Stars rating={review.rating} label={t('stars', { rating: review.rating })} />
      {review.comment ? <p className="text-sm text-slate-700 dark:text-slate-300">{review.comment}</p> : <p className="text-sm text-slate-400 italic">{t('noComment')}</p>}
      {review.reply && <p className="border-s-2 border-primary/40 ps-3 text-sm text-slate-500 dark:text-slate-400">{review.reply}</p>}
    </li>
  );
}
