'use client';

import { Settings2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { sendingSettingsAction, saveSendingSettingsAction } from '@/lib/sending/actions';
import { FREQUENCY_CAP_MAX_DAYS } from '@/lib/sending/limits';
import { notify } from '@/lib/notify/notify';

/**
 * The merchant's sending settings beside the request button: the frequency cap (one review
 * request per contact and channel within N days; 0 turns it off). Read when opened, so it always
 * shows what the dispatcher will use.
 */
export function SendingSettingsDialog() {
  const t = useTranslations('campaigns.sendingSettings');
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function openDialog() {
    setError(undefined);
    setOpen(true);
    const res = await sendingSettingsAction({});
    if (res.ok) setDays(String(res.data.frequencyCapDays));
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const res = await saveSendingSettingsAction({ frequencyCapDays: days.trim() === '' ? Number.NaN : Number(days) });
      if (res.ok) {
        notify.success(t('saved'));
        setOpen(false);
      } else setError(res.fieldErrors?.frequencyCapDays ?? res.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={openDialog} data-testid="sending-settings">
        <Settings2 className="size-4" aria-hidden />
        {t('button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="sm">
          <form onSubmit={save} className="space-y-4">
            <DialogHeader>
              <DialogTitle>{t('title')}</DialogTitle>
              <DialogDescription>{t('description')}</DialogDescription>
            </DialogHeader>
            <FormField label={t('capLabel')} hint={t('capHint')} error={error}>
              <Input type="number" inputMode="numeric" min={0} max={FREQUENCY_CAP_MAX_DAYS} step={1} value={days} onChange={(e) => setDays(e.target.value)} className="w-32" />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={busy}>
                {t('save')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
