'use client';

import { ArrowLeft, Eye, Users } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForecastPanel } from '@/components/sending/forecast-panel';
import { Checkbox } from '@/components/ui/checkbox';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { SimpleSelect } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import { campaignStatusAction, createSnapshotAction, saveCampaignAction } from '@/lib/campaigns/actions';
import type { RequestFormOptions } from '@/lib/campaigns/form-options';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { CAMPAIGN_NAME_MAX } from '@/lib/campaigns/limits';
import { notify } from '@/lib/notify/notify';
import { defaultState, filterConditionsOf, stateFromRecord, toInput, validate, zoneOptions, type FieldErrors, type FormState } from './request-form-model';
import { QuietRanges, RangeRow } from './time-range-fields';
import { useTemplatePreview } from './use-template-preview';
import { runtimeKey } from '@/lib/i18n/runtime-key';

// The previews (Radix's dialog, the member table) load after the page, when idle, or when first opened (issue 11).
const MembersPreviewDialog = dynamic(() => import('./members-preview-dialog').then((m) => m.MembersPreviewDialog), { ssr: false });
const MessagePreviewDialog = dynamic(() => import('./message-preview-dialog').then((m) => m.MessagePreviewDialog), { ssr: false });

export interface RequestFormProps {
  channel: 0 | 1;
  options: RequestFormOptions;
  initial: CampaignRecord | null;
  trial: boolean;
}

/** The e-mail or SMS review-request form (spec sections 2 and 5); `initial` is the draft of ?id=. */
export function RequestForm({ channel, options, initial, trial }: RequestFormProps) {
  const t = useTranslations('campaigns');
  const tf = useTranslations('campaigns.form');
  const tr = useTranslations();
  const router = useRouter();
  const confirm = useConfirm();
  const [state, setState] = useState<FormState>(() => (initial ? stateFromRecord(initial) : { ...defaultState(), locationId: options.locations.length === 1 ? String(options.locations[0].id) : '' }));
  const [campaignId, setCampaignId] = useState<number | null>(initial?.campaignId ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'save' | 'submit' | 'members' | null>(null);
  const [snapshot, setSnapshot] = useState<{ snapshotId: number; total: number } | null>(null);
  const [cutRanges, setCutRanges] = useState<number[]>([]);
  const membersLoaded = useLazyMount(snapshot !== null);
  const preview = useTemplatePreview();
  const previewLoaded = useLazyMount(preview.data !== null);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  // Client rules hold message keys; server messages arrive translated and are marked with '!'.
  const err = (key: string) => {
    const value = errors[key];
    return value ? (value.startsWith('!') ? value.slice(1) : tr(runtimeKey<typeof tr>(value))) : undefined;
  };
  const zones = zoneOptions(state.timezone);
  const templateOptions = options.templates.map((tpl) => ({ value: String(tpl.id), label: tpl.common ? `${tpl.name} · ${tf('commonTemplate')}` : tpl.name, disabled: trial && !tpl.common }));
  const locationOptions = options.locations.map((l) => ({ value: String(l.id), label: l.name }));

  function check(): boolean {
    const found = validate(state, channel, new Date());
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) notify.warning(tr(runtimeKey<typeof tr>(first)));
    return !first;
  }

  /** Create or update the draft; answers its id. */
  async function save(): Promise<number | null> {
    const res = await saveCampaignAction({ ...toInput(state, channel), campaignId: campaignId ?? undefined });
    if (!res.ok) {
      setErrors(mapServerErrors(res.fieldErrors));
      notify.warning(res.message || t('errors.saveFailed'));
      return null;
    }
    setCampaignId(res.data.campaignId);
    return res.data.campaignId;
  }

  async function onSave() {
    if (!check()) return;
    setBusy('save');
    try {
      const id = await save();
      if (id) {
        notify.success(campaignId ? t('messages.updated') : t('messages.saved'));
        router.push('/campaigns/campaigns');
        router.refresh();
      }
    } catch {
      notify.warning(t('errors.saveFailed'));
    } finally {
      setBusy(null);
    }
  }

  /** Submit: create or update, then send (now) or schedule (later). */
  async function onSubmit() {
    if (!check()) return;
    const later = state.timing === 'later';
    const ok = await confirm({
      title: later ? tf('schedule') : tf('sendNow'),
      description: later ? tf('confirmSchedule', { time: state.scheduledTime.replace('T', ' '), zone: state.timezone }) : tf('confirmSend'),
      confirmLabel: later ? tf('schedule') : tf('sendNow'),
    });
    if (!ok) return;
    setBusy('submit');
    try {
      const id = await save();
      if (!id) return;
      const action = later ? 'schedule' : 'send';
      const res = await campaignStatusAction({ id, action });
      if (!res.ok) {
        notify.warning(res.message || t('errors.submitFailed'));
        return;
      }
      notify.success(t(`messages.${action}`));
      router.push('/campaigns/campaigns');
      router.refresh();
    } catch {
      notify.warning(t('errors.submitFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function onPreviewMembers() {
    if (!state.locationId) {
      notify.warning(t('errors.selectLocation'));
      setErrors((e) => ({ ...e, locationId: 'campaigns.errors.locationRequired' }));
      return;
    }
    setBusy('members');
    try {
      const res = await createSnapshotAction({ locationId: Number(state.locationId), campaignChannel: channel, filterConditions: filterConditionsOf(state), ...recipientOf(state, channel) });
      if (!res.ok) {
        setErrors(mapServerErrors(res.fieldErrors));
        notify.warning(res.message || t('errors.getMembersFailed'));
      } else if (!res.data.snapshotId) notify.warning(t('errors.getMembersNoId'));
      else setSnapshot({ snapshotId: res.data.snapshotId, total: res.data.total });
    } catch {
      notify.warning(t('errors.getMembersFailed'));
    } finally {
      setBusy(null);
    }
  }

  const onPreviewTemplate = () =>
    preview.open({ channel, templateId: state.templateId ? Number(state.templateId) : null, locationId: state.locationId ? Number(state.locationId) : null, filterConditions: filterConditionsOf(state), ...recipientOf(state, channel) });

  const nameLength = state.campaignName.trim().length;
  const cardGrid = 'grid gap-4 sm:grid-cols-2';

  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-24">
      <PageHeader
        title={channel === 0 ? tf('emailTitle') : tf('smsTitle')}
        description={campaignId ? tf('editing') : undefined}
        back={
          <Button variant="ghost" size="sm" onClick={() => router.back()}>
            <ArrowLeft className="size-4" aria-hidden />
            {tf('back')}
          </Button>
        }
      />
      {trial && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          {tf('trialBanner')}{' '}
          <Link href="/more" className="font-medium underline underline-offset-4">
            {tr('subscription.upgrade')}
          </Link>
        </p>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{tf('baseCard')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField label={tf('name')} required error={err('campaignName')} aside={<span className={nameLength > CAMPAIGN_NAME_MAX ? 'text-red-600' : undefined}>{`${nameLength}/${CAMPAIGN_NAME_MAX}`}</span>}>
            <Input value={state.campaignName} maxLength={CAMPAIGN_NAME_MAX + 20} placeholder={tf('namePlaceholder')} onChange={(e) => set('campaignName', e.target.value)} />
          </FormField>
          <div className={cardGrid}>
            <FormField label={tf('template')} required error={err('templateId')}>
              <SimpleSelect aria-label={tf('template')} value={state.templateId} onValueChange={(v) => set('templateId', v)} options={templateOptions} placeholder={tf('templatePlaceholder')} />
            </FormField>
            <FormField label={tf('location')} required error={err('locationId')}>
              <SimpleSelect aria-label={tf('location')} value={state.locationId} onValueChange={(v) => set('locationId', v)} options={locationOptions} placeholder={tf('locationPlaceholder')} />
            </FormField>
          </div>
          <Button variant="secondary" onClick={onPreviewTemplate} loading={preview.loading}>
            <Eye className="size-4" aria-hidden />
            {tf('previewTemplate')}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{tf('filterCard')}</CardTitle>
          <CardDescription>{tf('filterHint')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <label className="flex items-center gap-3 text-sm">
            <Switch checked={state.optInOnly} disabled={trial} onCheckedChange={(v) => set('optInOnly', v)} aria-label={tf('optInOnly')} />
            {tf('optInOnly')}
          </label>
          <div className={cardGrid}>
            <FormField label={tf('tags')} hint={tf('tagsHint')}>
              <Input value={state.tags} disabled={trial} onChange={(e) => set('tags', e.target.value)} />
            </FormField>
            <FormField label={tf('silentDays')} hint={tf('silentDaysHint')} error={err('silentDays')}>
              <Input type="number" inputMode="numeric" min={0} max={3650} value={state.silentDays} disabled={trial} onChange={(e) => set('silentDays', e.target.value)} />
            </FormField>
            <DateRange label={tf('optInTime')} from={state.optInFrom} to={state.optInTo} disabled={trial} onChange={(from, to) => setState((s) => ({ ...s, optInFrom: from, optInTo: to }))} />
            <DateRange label={tf('lastRequest')} from={state.lastFrom} to={state.lastTo} disabled={trial} onChange={(from, to) => setState((s) => ({ ...s, lastFrom: from, lastTo: to }))} />
          </div>
          <div className="flex flex-wrap gap-6">
            <Checkbox label={tf('openedEmail')} checked={state.openedEmail} disabled={trial} onCheckedChange={(v) => set('openedEmail', v)} />
            <Checkbox label={tf('clickedLink')} checked={state.clickedLink} disabled={trial} onCheckedChange={(v) => set('clickedLink', v)} />
          </div>
          <Button variant="secondary" onClick={onPreviewMembers} loading={busy === 'members'}>
            <Users className="size-4" aria-hidden />
            {tf('previewMembers')}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{tf('recipientCard')}</CardTitle>
          <CardDescription>{tf('recipientHint')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <label className="flex items-center gap-3 text-sm">
            <Switch checked={state.single} onCheckedChange={(v) => set('single', v)} aria-label={tf('recipientToggle')} />
            {tf('recipientToggle')}
          </label>
          {state.single && (
            <div className={cardGrid}>
              <FormField label={tf('recipientName')}>
                <Input value={state.recipientName} maxLength={100} onChange={(e) => set('recipientName', e.target.value)} />
              </FormField>
              {channel === 0 ? (
                <FormField label={tf('recipientEmail')} required error={err('recipientEmail')}>
                  <Input type="email" value={state.recipientEmail} onChange={(e) => set('recipientEmail', e.target.value)} />
                </FormField>
              ) : (
                <FormField label={tf('recipientPhone')} required error={err('recipientPhone')}>
                  <Input type="tel" value={state.recipientPhone} onChange={(e) => set('recipientPhone', e.target.value)} />
                </FormField>
              )}
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{tf('timeCard')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div role="radiogroup" aria-label={tf('timeCard')} className="flex gap-6 text-sm">
            {(['now', 'later'] as const).map((timing) => (
              <label key={timing} className="flex items-center gap-2">
                <input type="radio" name="timing" className="size-4 accent-primary" checked={state.timing === timing} onChange={() => set('timing', timing)} />
                {timing === 'now' ? tf('now') : tf('later')}
              </label>
            ))}
          </div>
          {state.timing === 'later' && (
            <div className={cardGrid}>
              <FormField label={tf('scheduledTime')} required error={err('scheduledTime')}>
                <Input type="datetime-local" value={state.scheduledTime} onChange={(e) => set('scheduledTime', e.target.value)} />
              </FormField>
              <FormField label={tf('timezone')} required>
                <SimpleSelect aria-label={tf('timezone')} value={state.timezone} onValueChange={(v) => set('timezone', v)} options={zones.map((z, i) => ({ value: z, label: i === 0 ? tf('browserZone', { zone: z }) : z }))} />
              </FormField>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{tf('advancedCard')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="space-y-3">
            <label className="flex items-center gap-3 text-sm font-medium">
              <Switch checked={state.isBatchSend} disabled={trial} onCheckedChange={(v) => set('isBatchSend', v)} aria-label={tf('batch')} />
              {tf('batch')}
            </label>
            <p className="text-xs text-slate-500 dark:text-slate-400">{tf('batchHint')}</p>
            {state.isBatchSend && (
              <FormField label={tf('window')} error={err('deliveryWindow')} hint={tf('crossDayNote')}>
                <RangeRow value={state.window} label={tf('window')} onChange={(w) => set('window', w)} testId="delivery-window" />
              </FormField>
            )}
            {!state.isBatchSend && errors.deliveryWindow && <p className="text-sm text-red-600">{err('deliveryWindow')}</p>}
          </div>
          <div className="space-y-3">
            <label className="flex items-center gap-3 text-sm font-medium">
              <Switch checked={state.quiet} disabled={trial} onCheckedChange={(v) => set('quiet', v)} aria-label={tf('quiet')} />
              {tf('quiet')}
            </label>
            <p className="text-xs text-slate-500 dark:text-slate-400">{tf('quietHint')}</p>
            <QuietRanges
              ranges={state.ranges}
              enabled={state.quiet && !trial}
              warned={cutRanges}
              onChange={(ranges, cut) => {
                set('ranges', ranges);
                setErrors((e) => ({ ...e, avoidHours: undefined }));
                setCutRanges(cut === undefined ? [] : [cut]);
              }}
            />
            {errors.avoidHours && <p className="text-sm text-red-600 dark:text-red-400">{err('avoidHours')}</p>}
          </div>
        </CardContent>
      </Card>

      <ForecastPanel values={forecastValues(state, channel)} />

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/90 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <Button variant="ghost" onClick={() => router.back()}>
          {tf('back')}
        </Button>
        <Button variant="secondary" onClick={onSave} loading={busy === 'save'} disabled={busy !== null}>
          {campaignId ? tf('update') : tf('save')}
        </Button>
        <Button onClick={onSubmit} loading={busy === 'submit'} disabled={busy !== null}>
          {state.timing === 'later' ? tf('schedule') : tf('sendNow')}
        </Button>
      </div>

      {membersLoaded && <MembersPreviewDialog snapshot={snapshot} onClose={() => setSnapshot(null)} />}
      {previewLoaded && <MessagePreviewDialog data={preview.data} channel={channel} onClose={preview.close} />}
    </div>
  );
}

function DateRange({ label, from, to, disabled, onChange }: { label: string; from: string; to: string; disabled?: boolean; onChange: (from: string, to: string) => void }) {
  const tf = useTranslations('campaigns.form');
  return (
    <FormField label={label}>
      <div className="flex items-center gap-2">
        <Input type="date" aria-label={`${label} ${tf('from')}`} value={from} max={to || undefined} disabled={disabled} onChange={(e) => onChange(e.target.value, to)} />
        <span className="text-slate-400" aria-hidden>
          –
        </span>
        <Input type="date" aria-label={`${label} ${tf('to')}`} value={to} min={from || undefined} disabled={disabled} onChange={(e) => onChange(from, e.target.value)} />
      </div>
    </FormField>
  );
}

/** The forecast reads the form as it stands; a schedule without a time yet is forecast as "now". */
function forecastValues(s: FormState, channel: 0 | 1): Record<string, unknown> {
  const input = toInput(s, channel);
  return input.sendType === 1 && !input.scheduledTime ? { ...input, sendType: 0, scheduledTime: null } : input;
}

function recipientOf(s: FormState, channel: number) {
  if (!s.single) return {};
  return { recipientName: s.recipientName.trim() || undefined, ...(channel === 0 ? { recipientEmail: s.recipientEmail.trim() || undefined } : { recipientPhone: s.recipientPhone.trim() || undefined }) };
}

/** Server field errors arrive translated: marked so they are shown as they are. */
function mapServerErrors(fieldErrors: Record<string, string> | undefined): FieldErrors {
  if (!fieldErrors) return {};
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(fieldErrors)) out[key === 'filterConditions.silentDays' ? 'silentDays' : key] = `!${message}`;
  return out;
}
