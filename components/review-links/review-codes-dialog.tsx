'use client';

import { Download, Plus, Power, PowerOff, QrCode, ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { createReviewLinkAction, listReviewLinksAction, setReviewLinkEnabledAction } from '@/lib/review-links/actions';
import type { ReviewLinkRecord } from '@/lib/review-links/record';
import type { createReviewLinkSchema } from '@/lib/review-links/schema';
import { notify } from '@/lib/notify/notify';

type Values = z.input<typeof createReviewLinkSchema>;
type Output = z.output<typeof createReviewLinkSchema>;

// The schema (and zod) loads on the first check; the server action checks again.
const resolver = lazyZodResolver(() => import('@/lib/review-links/schema').then((m) => m.createReviewLinkSchema));

const cardUrl = (id: number, query: string) => `/api/merchant/reviewLink/${id}/card?${query}`;

/**
 * A location's review QR codes: a preview of each, its scans, downloads (PNG, A6 and business-card
 * PDF), and for the owner a new code and turning one off. Says where a merchant looks for it that
 * nothing depends on the customer's rating.
 */
export function ReviewCodesDialog({ location, canManage, onOpenChange }: { location: { locationId: number; locationName: string } | null; canManage: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('reviewLinks');
  const confirm = useConfirm();
  const locationId = location?.locationId;
  // Keyed by location: another location's list (still loading or stale) is never shown.
  const [loaded, setLoaded] = useState<{ locationId: number; links: ReviewLinkRecord[] } | null>(null);
  const links = loaded && loaded.locationId === locationId ? loaded.links : null;
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onSubmit', defaultValues: { locationId: locationId ?? 0, employeeTag: '' } });
  const { register, handleSubmit, formState, reset, setError } = form;
  const message = useFieldMessage(formState.errors);

  const load = useCallback(async (id: number) => {
    const result = await listReviewLinksAction({ locationId: id });
    if (result.ok) setLoaded({ locationId: id, links: result.data });
    else notify.warning(result.message);
  }, []);

  useEffect(() => {
    if (!locationId) return;
    reset({ locationId, employeeTag: '' });
    let current = true;
    void listReviewLinksAction({ locationId }).then((result) => {
      if (!current) return;
      if (result.ok) setLoaded({ locationId, links: result.data });
      else notify.warning(result.message);
    });
    return () => {
      current = false;
    };
  }, [locationId, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const result = await createReviewLinkAction(values);
    if (!result.ok) {
      for (const [field, text] of Object.entries(result.fieldErrors ?? {})) setError(field === 'locationId' ? 'locationId' : 'employeeTag', { type: 'server', message: text }, { shouldFocus: true });
      notify.warning(result.message);
      return;
    }
    notify.success(result.message ?? t('messages.created'));
    reset({ locationId: values.locationId, employeeTag: '' });
    if (locationId) void load(locationId);
  });

  const toggle = async (link: ReviewLinkRecord) => {
    if (link.enabled && !(await confirm({ title: t('disable'), description: t('confirmDisable'), confirmLabel: t('disable'), danger: true }))) return;
    const result = await setReviewLinkEnabledAction({ id: link.id, enabled: !link.enabled });
    if (!result.ok) notify.warning(result.message);
    else setLoaded((all) => all && { ...all, links: all.links.map((l) => (l.id === link.id ? result.data : l)) });
  };

  return (
    <Dialog open={location !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>
            {location?.locationName} · {t('description')}
          </DialogDescription>
        </DialogHeader>
        <p className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t('ftc')}</span>
        </p>
        {canManage && (
          <form onSubmit={onSubmit} noValidate className="flex items-end gap-2 mobile:flex-col mobile:items-stretch">
            <FormField label={t('employee')} error={message('employeeTag')} className="flex-1">
              <Input {...register('employeeTag')} placeholder={t('employeePlaceholder')} maxLength={60} />
            </FormField>
            <Button type="submit" disabled={formState.isSubmitting}>
              <Plus aria-hidden="true" />
              {t('add')}
            </Button>
          </form>
        )}
        {links === null ? (
          <p role="status" className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            {t('loading')}
          </p>
        ) : links.length === 0 ? (
          <p className="flex flex-col items-center gap-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            <QrCode aria-hidden="true" className="size-8" />
            {t('empty')}
          </p>
        ) : (
          <ul className="flex max-h-[55vh] flex-col gap-3 overflow-y-auto">
            {links.map((link) => {
              const name = link.employeeTag ?? t('locationCode');
              return (
                <li key={link.id} className="flex gap-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700 mobile:flex-col">
                  {/* The PNG itself: what prints is what is previewed. White behind it in dark mode too, as on paper. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={cardUrl(link.id, 'format=png')} alt={t('preview', { name })} width={112} height={112} className={`size-28 shrink-0 rounded bg-white ${link.enabled ? '' : 'opacity-40'}`} />
                  <div className="flex min-w-0 flex-1 flex-col gap-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
                      {!link.enabled && <Badge tone="neutral">{t('disabled')}</Badge>}
                      <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{t('scans', { count: link.scans })}</span>
                    </div>
                    <code className="break-all text-xs text-slate-600 dark:text-slate-300">{link.url}</code>
                    <div className="flex flex-wrap gap-2">
                      <Button asChild variant="secondary" size="sm">
                        <a href={cardUrl(link.id, 'format=png')} download>
                          <Download aria-hidden="true" />
                          {t('downloadPng')}
                        </a>
                      </Button>
                      <Button asChild variant="secondary" size="sm">
                        <a href={cardUrl(link.id, 'format=pdf&size=a6')} download>
                          <Download aria-hidden="true" />
                          {t('downloadA6')}
                        </a>
                      </Button>
                      <Button asChild variant="secondary" size="sm">
                        <a href={cardUrl(link.id, 'format=pdf&size=business')} download>
                          <Download aria-hidden="true" />
                          {t('downloadBusiness')}
                        </a>
                      </Button>
                      {canManage && (
                        <Button variant="ghost" size="sm" onClick={() => void toggle(link)}>
                          {link.enabled ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
                          {link.enabled ? t('disable') : t('enable')}
                        </Button>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
