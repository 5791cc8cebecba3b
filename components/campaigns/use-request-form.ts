'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { campaignStatusAction, createSnapshotAction, saveCampaignAction } from '@/lib/campaigns/actions';
import type { RequestFormOptions } from '@/lib/campaigns/form-options';
import type { CampaignRecord } from '@/lib/campaigns/record';
import { runtimeKey } from '@/lib/i18n/runtime-key';
import { notify } from '@/lib/notify/notify';
import { defaultState, filterConditionsOf, stateFromRecord, toInput, validate, type FieldErrors, type FormState } from './request-form-model';
import { useTemplatePreview } from './use-template-preview';

/** What the form's cards need of the form: its values, their setters and their errors. */
export interface RequestFields {
  state: FormState;
  channel: 0 | 1;
  trial: boolean;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  /** Several values at once, leaving their errors as they are (the date ranges). */
  patch: (values: Partial<FormState>) => void;
  clearError: (key: string) => void;
  /** The translated error of a field, if any. */
  err: (key: string) => string | undefined;
}

/** The request form's state, checks and commands: save, submit (send or schedule), the previews. */
export function useRequestForm({ channel, options, initial, trial }: { channel: 0 | 1; options: RequestFormOptions; initial: CampaignRecord | null; trial: boolean }) {
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
  const preview = useTemplatePreview();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  // Client rules hold message keys; server messages arrive translated and are marked with '!'.
  const err = (key: string) => {
    const value = errors[key];
    return value ? (value.startsWith('!') ? value.slice(1) : tr(runtimeKey<typeof tr>(value))) : undefined;
  };
  const fields: RequestFields = {
    state,
    channel,
    trial,
    set,
    patch: (values) => setState((s) => ({ ...s, ...values })),
    clearError: (key) => setErrors((e) => ({ ...e, [key]: undefined })),
    err,
  };

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

  return { fields, campaignId, busy, snapshot, closeSnapshot: () => setSnapshot(null), preview, onSave, onSubmit, onPreviewMembers, onPreviewTemplate };
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
