'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link2, Unlink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SimpleSelect } from '@/components/ui/select';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify/notify';
import { linkLocationAction, unlinkLocationAction } from '@/lib/sources/actions';

/** Links a provider location to one of ours (or unlinks it). */
export function LinkControl({
  sourceLocationId,
  providerName,
  linkedLocationId,
  linkedLocationName,
  options,
}: {
  sourceLocationId: number;
  providerName: string;
  linkedLocationId: number | null;
  linkedLocationName: string | null;
  options: { id: number; name: string }[];
}) {
  const t = useTranslations('sources');
  const router = useRouter();
  const confirm = useConfirm();
  const [choice, setChoice] = useState<string>(linkedLocationId ? String(linkedLocationId) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = async () => {
    if (!choice) return setError(t('errors.chooseLocation'));
    setError(null);
    setBusy(true);
    const result = await linkLocationAction({ sourceLocationId, locationId: Number(choice) });
    setBusy(false);
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('linked'));
    router.refresh();
  };
  const unlink = async () => {
    if (!(await confirm({ title: t('unlinkConfirm.title'), description: t('unlinkConfirm.body', { provider: providerName, ours: linkedLocationName ?? '' }), confirmLabel: t('unlink'), danger: true }))) return;
    setBusy(true);
    const result = await unlinkLocationAction({ sourceLocationId });
    setBusy(false);
    if (!result.ok) return notify.warning(result.message);
    notify.success(result.message ?? t('unlinked'));
    router.refresh();
  };
  if (linkedLocationId) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-emerald-700 dark:text-emerald-300">{t('linkedTo', { name: linkedLocationName ?? '' })}</span>
        <Button variant="ghost" size="sm" onClick={unlink} loading={busy}>
          <Unlink aria-hidden="true" />
          {t('unlink')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <SimpleSelect
          value={choice || undefined}
          onValueChange={(v) => {
            setChoice(v);
            setError(null);
          }}
          options={options.map((o) => ({ value: String(o.id), label: o.name }))}
          placeholder={t('chooseLocation')}
          aria-label={t('linkTo', { name: providerName })}
          className="w-56 mobile:w-full"
        />
        <Button size="sm" onClick={link} loading={busy}>
          <Link2 aria-hidden="true" />
          {t('link')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
