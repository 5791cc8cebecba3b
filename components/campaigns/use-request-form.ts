'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm, type Control, type FieldErrors, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { campaignStatusAction, forecastAction, saveCampaignAction } from '@/lib/campaigns/actions';
import type { Forecast } from '@/lib/campaigns/forecast';
import { forecastHeadline } from '@/components/sending/forecast-headline';
import type { RequestFormOptions } from '@/lib/campaigns/form-options';
import type { CampaignRecord } from '@/lib/campaigns/record';
import type { CampaignInput } from '@/lib/campaigns/schema';
import { runtimeKey } from '@/lib/i18n/runtime-key';
import { notify } from '@/lib/notify/notify';
import { isStaleEdit } from '@/components/forms/stale-edit-notice';
import { FIELD_ORDER, filterConditionsOf, forecastValues, formFieldOf, recipientOf } from './request-form-input';
import { defaultValues, valuesFromRecord, type RequestValues } from './request-form-model';
import { useMembersPreview } from './use-members-preview';
import { useTemplatePreview } from './use-template-preview';

/** What the form's cards need of the form: its control, its fields and their messages. */
export interface RequestFields {
  control: Control<RequestValues, unknown, CampaignInput>;
  register: UseFormRegister<RequestValues>;
  /** The translated error of a field, if any. */
  message: (field: string) => string | undefined;
  channel: 0 | 1;
  trial: boolean;
}

/** The request form's values (react-hook-form), checks and commands: save, submit (send or schedule), the previews. */
export function useRequestForm({ channel, options, initial, trial }: { channel: 0 | 1; options: RequestFormOptions; initial: CampaignRecord | null; trial: boolean }) {
  const t = useTranslations('campaigns');
  const tf = useTranslations('campaigns.form');
  const td = useTranslations('deliverability.confirmSend');
  const tfc = useTranslations('sending.forecast');
  const tr = useTranslations();
  const router = useRouter();
  const confirm = useConfirm();
  // The domain's schema through the form's derivation (request-form-schema.ts), loaded on the first check.
  const [resolver] = useState(() => lazyZodResolver(() => import('./request-form-schema').then((m) => m.requestFormSchema(channel))));
  const [initialValues] = useState(() => (initial ? valuesFromRecord(initial) : defaultValues(options.locations)));
  const form = useForm<RequestValues, unknown, CampaignInput>({ resolver, mode: 'onTouched', defaultValues: initialValues });
  const { control, register, handleSubmit, formState, getValues, setError } = form;
  const message = useFieldMessage(formState.errors);
  const [campaignId, setCampaignId] = useState<number | null>(initial?.campaignId ?? null);
  // The draft's version this form holds: a save from an older one is refused (someone else changed it).
  const [version, setVersion] = useState<number | null>(initial?.version ?? null);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const preview = useTemplatePreview();

  /** The server's field errors (translated) beside the fields that hold them. */
  const showServerErrors = (fieldErrors: Record<string, string> | undefined) => {
    for (const [path, text] of Object.entries(fieldErrors ?? {})) setError(formFieldOf(path) as FieldPath<RequestValues>, { type: 'server', message: text });
  };
  const members = useMembersPreview({ channel, getValues, setError, showServerErrors });

  /** The first error, in the fields' order, is also announced. */
  const announce = (errors: FieldErrors<RequestValues>) => {
    const byField = errors as Record<string, { message?: unknown; values?: Record<string, string | number> } | undefined>;
    const first = FIELD_ORDER.find((field) => byField[field]?.message) ?? Object.keys(byField)[0];
    const error = first ? byField[first] : undefined;
    // Fresh errors (this render's message() would read the previous ones), with the values their key needs.
    if (typeof error?.message === 'string' && error.message) notify.warning(tr(runtimeKey<typeof tr>(error.message), error.values as never));
  };

  /** Create or update the draft; answers its id. */
  async function save(input: CampaignInput): Promise<number | null> {
    const res = await saveCampaignAction({ ...input, campaignId: campaignId ?? undefined, version: version ?? undefined });
    if (!res.ok) {
      if (isStaleEdit(res)) setError('root.stale', { type: 'stale', message: res.message });
      showServerErrors(res.fieldErrors);
      notify.warning(res.message || t('errors.saveFailed'));
      return null;
    }
    setCampaignId(res.data.campaignId);
    setVersion(res.data.version);
    return res.data.campaignId;
  }

  const onSave = handleSubmit(async (input) => {
    setBusy('save');
    try {
      const id = await save(input);
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
  }, announce);

  /** Submit: create or update, then send (now) or schedule (later). */
  const onSubmit = handleSubmit(async (input) => {
    const later = input.sendType === 1;
    const { scheduledTime, timezone } = getValues();
    // A request that will reach nobody (all asked recently, all opted out) says so and asks first.
    const nobody = await nobodyWillReceive(forecastValues(getValues(), channel));
    const ok = await confirm(
      nobody
        ? { title: tfc('nobodyTitle'), description: tfc(later ? 'nobodySchedule' : 'nobodySend', { headline: forecastHeadline(tfc, nobody) }), confirmLabel: later ? tf('schedule') : tf('sendNow'), danger: true }
        : {
            title: later ? tf('schedule') : tf('sendNow'),
            description: later ? tf('confirmSchedule', { time: scheduledTime.replace('T', ' '), zone: timezone }) : tf('confirmSend'),
            confirmLabel: later ? tf('schedule') : tf('sendNow'),
          },
    );
    if (!ok) return;
    setBusy('submit');
    try {
      // A refused save (a stale draft above all) sends nothing.
      const id = await save(input);
      if (!id) return;
      const action = later ? 'schedule' : 'send';
      let res = await campaignStatusAction({ id, action });
      // Complaints over the line: the owner confirms this campaign (staff are only told).
      if (!res.ok && res.details?.confirm === 'complaintRate' && !res.details.owner) {
        if (!(await confirm({ title: td('title'), description: res.message, confirmLabel: td('action'), danger: true }))) return;
        res = await campaignStatusAction({ id, action, confirm: 'complaintRate' });
      }
      if (!res.ok) {
        notify.warning(res.message || t('errors.submitFailed'));
        return;
      }
      notify.success(res.message || res.data.message || t(`messages.${action}`));
      router.push('/campaigns/campaigns');
      router.refresh();
    } catch {
      notify.warning(t('errors.submitFailed'));
    } finally {
      setBusy(null);
    }
  }, announce);

  const onPreviewTemplate = () => {
    const v = getValues();
    return preview.open({ channel, templateId: v.templateId ? Number(v.templateId) : null, locationId: v.locationId ? Number(v.locationId) : null, filterConditions: filterConditionsOf(v), ...recipientOf(v, channel) });
  };

  const fields: RequestFields = { control, register, message, channel, trial };
  // A check running (the schema may still be loading) counts as busy: no second save meanwhile.
  const working = busy ?? (members.loading ? 'members' : formState.isSubmitting ? 'checking' : null);
  return { fields, campaignId, busy: working, stale: formState.errors.root?.stale?.message, members, preview, onSave, onSubmit, onPreviewTemplate };
}

/** The forecast when it says nobody will receive the request; null otherwise, or when it cannot be worked out (the send then decides). */
async function nobodyWillReceive(values: Record<string, unknown>): Promise<Forecast | null> {
  try {
    const result = await forecastAction(values);
    return result.ok && result.data.recipients === 0 ? result.data : null;
  } catch {
    return null;
  }
}
