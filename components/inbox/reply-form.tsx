'use client';

import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { SimpleSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { replyAction } from '@/lib/inbox/actions';
import { MAX_REPLY_TEXT_LENGTH } from '@/lib/inbox/limits';
import { MAX_REPLY_SUBJECT_LENGTH } from '@/lib/inbox/reply-subject';
import type { replyBodySchema } from '@/lib/inbox/schema';
import { notify } from '@/lib/notify/notify';
import type { Thread } from './conversation-view';

type Values = { channel: 'email' | 'sms'; subject: string; text: string };
// The reply action's fields (the conversation id comes from the view), loaded on the first check.
const resolver = lazyZodResolver(() => import('@/lib/inbox/schema').then((m) => m.replyBodySchema)) as Resolver<Values, unknown, z.output<typeof replyBodySchema>>;

interface Props {
  conversationId: number;
  customer: Thread['customer'];
  /** The customer's last channel and the "Re: …" subject: taken once, then the merchant's edits stay across reloads. */
  initial: { channel: 'email' | 'sms'; subject: string };
  /** After a reply went out: reload the thread and the list. */
  onSent: () => Promise<void>;
}

/** The reply box: subject (e-mail), text (Ctrl/Cmd+Enter sends), and the channel, marked when the customer opted out. */
export function ReplyForm({ conversationId, customer: c, initial, onSent }: Props) {
  const t = useTranslations('inbox');
  const { register, control, handleSubmit, formState, resetField, setError } = useForm<Values, unknown, z.output<typeof replyBodySchema>>({ resolver, defaultValues: { ...initial, text: '' } });
  const message = useFieldMessage(formState.errors);
  const channel = useWatch({ control, name: 'channel' });

  const send = handleSubmit(async ({ channel, subject, text }) => {
    const result = await replyAction({ conversationId, channel, text, ...(channel === 'email' ? { subject } : {}) });
    if (!result.ok) {
      const fields = result.fieldErrors ?? {};
      // A refused channel shows under the text, beside the channel picker.
      if (fields.text ?? fields.channel) setError('text', { type: 'server', message: fields.text ?? fields.channel });
      if (fields.subject) setError('subject', { type: 'server', message: fields.subject });
      return notify.warning(result.message);
    }
    notify.success(result.message ?? '');
    resetField('text');
    await onSent();
  });

  return (
    <form className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-800" onSubmit={send} noValidate>
      {channel === 'email' && (
        <FormField label={t('subjectLabel')} error={message('subject')}>
          <Input {...register('subject')} maxLength={MAX_REPLY_SUBJECT_LENGTH} placeholder={t('subjectPlaceholder')} />
        </FormField>
      )}
      <FormField label={t('replyLabel')} error={message('text')}>
        <Textarea
          rows={3}
          {...register('text')}
          maxLength={MAX_REPLY_TEXT_LENGTH}
          placeholder={t('replyPlaceholder')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !formState.isSubmitting) void send();
          }}
        />
      </FormField>
      <div className="flex items-center justify-end gap-2">
        <Controller
          control={control}
          name="channel"
          render={({ field }) => (
            <SimpleSelect
              aria-label={t('channelLabel')}
              value={field.value}
              onValueChange={(v) => field.onChange(v === 'sms' ? 'sms' : 'email')}
              options={[
                { value: 'email', label: `${t('filters.email')}${c.emailOptIn === false ? ` ${t('channelOptedOut')}` : ''}`, disabled: !c.email },
                { value: 'sms', label: `${t('filters.sms')}${c.smsOptIn === false ? ` ${t('channelOptedOut')}` : ''}`, disabled: !c.phone },
              ]}
            />
          )}
        />
        <Button type="submit" loading={formState.isSubmitting}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
