'use client';

import { Send } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { inviteMemberAction } from '@/lib/team/actions';
import type { inviteSchema } from '@/lib/team/schema';
import { notify } from '@/lib/notify/notify';

type Values = z.input<typeof inviteSchema>;

// The schema the invite action parses with, loaded on the first check.
const resolver = lazyZodResolver(() => import('@/lib/team/schema').then((m) => m.inviteSchema));

/** One e-mail address, checked with the invite action's schema; the server's refusals show beside it too. */
export function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const t = useTranslations('team');
  const { register, handleSubmit, formState, reset, setError } = useForm<Values, unknown, z.output<typeof inviteSchema>>({ resolver, defaultValues: { email: '' } });
  const message = useFieldMessage(formState.errors);

  const submit = handleSubmit(async (values) => {
    const result = await inviteMemberAction(values);
    // A refusal of the whole invitation (already a member, say) shows beside the address as well.
    if (!result.ok) return setError('email', { type: 'server', message: result.fieldErrors?.email ?? result.message });
    reset();
    notify.success(result.message ?? t('messages.invited'));
    await onInvited();
  });

  return (
    <form noValidate onSubmit={submit} className="flex items-start gap-3 mobile:flex-col mobile:items-stretch" data-testid="team-invite-form">
      <FormField id="team-invite-email" label={t('inviteLabel')} hint={t('inviteHint')} error={message('email')} className="flex-1">
        <Input type="email" autoComplete="off" maxLength={254} {...register('email')} placeholder="name@example.com" />
      </FormField>
      <Button type="submit" loading={formState.isSubmitting} className="mt-6.5 mobile:mt-0">
        <Send aria-hidden="true" />
        {t('invite')}
      </Button>
    </form>
  );
}
