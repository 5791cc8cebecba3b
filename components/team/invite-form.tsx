'use client';

import { Send } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useMessageText } from '@/components/account/use-message-key';
import { inviteMemberAction } from '@/lib/team/actions';
import { notify } from '@/lib/notify/notify';

/** One e-mail address; the server checks it with the shared schema and answers field errors. */
export function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const t = useTranslations('team');
  const text = useMessageText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, start] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(text('validation.required'));
    start(async () => {
      const result = await inviteMemberAction({ email });
      if (!result.ok) {
        setError(result.fieldErrors?.email ?? result.message);
        return;
      }
      setError(undefined);
      setEmail('');
      notify.success(result.message ?? t('messages.invited'));
      await onInvited();
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex items-start gap-3 mobile:flex-col mobile:items-stretch" data-testid="team-invite-form">
      <FormField id="team-invite-email" label={t('inviteLabel')} hint={t('inviteHint')} error={error} className="flex-1">
        <Input type="email" name="email" autoComplete="off" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" />
      </FormField>
      <Button type="submit" loading={pending} className="mt-6.5 mobile:mt-0">
        <Send aria-hidden="true" />
        {t('invite')}
      </Button>
    </form>
  );
}
