'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { sendingSettingsAction, saveSendingSettingsAction } from '@/lib/sending/actions';
import { FREQUENCY_CAP_MAX_DAYS } from '@/lib/sending/limits';
import type { sendingSettingsSchema } from '@/lib/sending/schema';
import { notify } from '@/lib/notify/notify';

// The number box holds text; the schema (the save action's, loaded on the first check) reads it, blank included.
type Values = { frequencyCapDays: string };
const resolver = lazyZodResolver(() => import('@/lib/sending/schema').then((m) => m.sendingSettingsSchema)) as Resolver<Values, unknown, z.output<typeof sendingSettingsSchema>>;

/**
 * The merchant's sending settings (the frequency cap: one review request per contact and channel
 * within N days; 0 turns it off), opened by SendingSettingsButton. Read each time it opens, so it
 * always shows what the dispatcher will use.
 */
export function SendingSettingsDialog({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations('campaigns.sendingSettings');
  const tc = useTranslations('common');
  const { register, handleSubmit, formState, reset, setError } = useForm<Values, unknown, z.output<typeof sendingSettingsSchema>>({ resolver, defaultValues: { frequencyCapDays: '' } });
  const message = useFieldMessage(formState.errors);
  const [editable, setEditable] = useState(true);

  useEffect(() => {
    if (!open) return;
    let current = true;
    reset({ frequencyCapDays: '' });
    void sendingSettingsAction({}).then((res) => {
      if (!current || !res.ok) return;
      reset({ frequencyCapDays: String(res.data.frequencyCapDays) });
      setEditable(res.data.editable);
    });
    return () => {
      current = false;
    };
  }, [open, reset]);

  const save = handleSubmit(async (values) => {
    const res = await saveSendingSettingsAction(values);
    if (!res.ok) return setError('frequencyCapDays', { type: 'server', message: res.fieldErrors?.frequencyCapDays ?? res.message });
    notify.success(t('saved'));
    setOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="sm">
          <form onSubmit={save} noValidate className="space-y-4">
            <DialogHeader>
              <DialogTitle>{t('title')}</DialogTitle>
              <DialogDescription>{t('description')}</DialogDescription>
            </DialogHeader>
            <FormField label={t('capLabel')} hint={t('capHint')} error={message('frequencyCapDays')}>
              <Input type="number" inputMode="numeric" min={0} max={FREQUENCY_CAP_MAX_DAYS} step={1} disabled={!editable} {...register('frequencyCapDays')} className="w-32" />
            </FormField>
            {!editable && <p className="text-sm text-slate-500 dark:text-slate-400">{t('ownerNote')}</p>}
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                {editable ? t('cancel') : tc('close')}
              </Button>
              {editable && (
                <Button type="submit" disabled={formState.isSubmitting}>
                  {t('save')}
                </Button>
              )}
            </DialogFooter>
          </form>
        </DialogContent>
    </Dialog>
  );
}
