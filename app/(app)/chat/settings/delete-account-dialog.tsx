'use client';

import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { deleteAccountAction } from '@/lib/auth/actions';
import type { DeleteAccountInput } from '@/lib/auth/schema';
import type { UserRole } from '@/lib/auth/user-role';

// The action's own schema; it (and zod) loads on the first check, not with the settings page.
const resolver = lazyZodResolver(() => import('@/lib/auth/schema').then((m) => m.deleteAccountSchema));

/**
 * Deleting asks for the password in a dialog; success signs out and lands on /login. The owner
 * deletes the whole merchant; a staff member only their own user, and the dialog says which.
 */
export function DeleteAccountDialog({ role }: { role: UserRole }) {
  const t = useTranslations('accounts.settings');
  const tc = useTranslations('common');
  const [open, setOpen] = useState(false);
  const [pending, start] = useTransition();
  // Checked on submit, then on each change (as before): the field has the focus from the start, and a
  // check on blur would put an error under it, shifting the buttons, as soon as one of them is pressed.
  const { register, handleSubmit, formState, setError, reset } = useForm<DeleteAccountInput, unknown, DeleteAccountInput>({ resolver, defaultValues: { password: '' } });
  const message = useFieldMessage(formState.errors);

  const submit = handleSubmit((values) =>
    start(async () => {
      const result = await deleteAccountAction(values);
      // Success redirects to /login; only refusals come back, all of them beside the password.
      if (result && !result.ok) setError('password', { type: 'server', message: result.fieldErrors?.password ?? result.message });
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden="true" />
          {t('deleteAccount')}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('deleteTitle')}</DialogTitle>
            <DialogDescription>{t(role === 'owner' ? 'deleteWarning' : 'deleteStaffWarning')}</DialogDescription>
          </DialogHeader>
          <FormField label={t('password')} required error={message('password')}>
            <Input type="password" autoComplete="current-password" autoFocus {...register('password')} />
          </FormField>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {tc('cancel')}
            </Button>
            <Button type="submit" variant="danger" loading={pending}>
              {t('deleteConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
