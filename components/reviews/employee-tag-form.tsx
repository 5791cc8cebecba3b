'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/notify/notify';
import { setEmployeeTagAction } from '@/lib/reviews/actions';

/** Tags a review with the employee it names (or clears the tag). */
/** The typed tag lives in the card: closing and reopening the form keeps it. */
export function EmployeeTagForm({ reviewId, tag, onTagChange: setTag, onClose }: { reviewId: number; tag: string; onTagChange: (tag: string) => void; onClose: () => void }) {
  const t = useTranslations('reviews');
  const router = useRouter();
  const saveTag = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await setEmployeeTagAction({ id: reviewId, employeeTag: tag });
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('tagSaved'));
    onClose();
    router.refresh();
  };

  return (
    <form onSubmit={saveTag} className="flex flex-wrap items-center gap-2">
      <Input value={tag} onChange={(e) => setTag(e.target.value)} maxLength={50} placeholder={t('tagPlaceholder')} aria-label={t('tagEmployee')} className="w-56" autoFocus />
      <Button type="submit" size="sm">
        {t('saveTag')}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onClose}>
        {t('reply.cancel')}
      </Button>
    </form>
  );
}
