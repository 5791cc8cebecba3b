'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SimpleSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { MAX_REPLY_SUBJECT_LENGTH } from '@/lib/inbox/reply-subject';
import type { Thread } from './conversation-view';

interface Props {
  customer: Thread['customer'];
  channel: 'email' | 'sms';
  onChannelChange: (channel: 'email' | 'sms') => void;
  subject: string;
  onSubjectChange: (subject: string) => void;
  text: string;
  onTextChange: (text: string) => void;
  subjectError: string | null;
  textError: string | null;
  sending: boolean;
  onSend: () => void;
}

/** The reply box: subject (e-mail), text (Ctrl/Cmd+Enter sends), and the channel, marked when the customer opted out. */
export function ReplyForm({ customer: c, channel, onChannelChange, subject, onSubjectChange, text, onTextChange, subjectError, textError, sending, onSend }: Props) {
  const t = useTranslations('inbox');
  return (
    <form
      className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-800"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {channel === 'email' && (
        <FormField label={t('subjectLabel')} error={subjectError ?? undefined}>
          <Input value={subject} maxLength={MAX_REPLY_SUBJECT_LENGTH} onChange={(e) => onSubjectChange(e.target.value)} placeholder={t('subjectPlaceholder')} />
        </FormField>
      )}
      <FormField label={t('replyLabel')} error={textError ?? undefined}>
        <Textarea
          rows={3}
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          placeholder={t('replyPlaceholder')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onSend();
          }}
        />
      </FormField>
      <div className="flex items-center justify-end gap-2">
        <SimpleSelect
          aria-label={t('channelLabel')}
          value={channel}
          onValueChange={(v) => onChannelChange(v === 'sms' ? 'sms' : 'email')}
          options={[
            { value: 'email', label: `${t('filters.email')}${c.emailOptIn === false ? ` ${t('channelOptedOut')}` : ''}`, disabled: !c.email },
            { value: 'sms', label: `${t('filters.sms')}${c.smsOptIn === false ? ` ${t('channelOptedOut')}` : ''}`, disabled: !c.phone },
          ]}
        />
        <Button type="submit" loading={sending}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
