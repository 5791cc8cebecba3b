'use client';

import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { deleteAccountAction } from '@/lib/auth/actions';
import type { UserRole } from '@/lib/auth/user-role';

/**
 * Deleting asks for the password in a dialog; success signs out and lands on /login. The owner
 * deletes the whole merchant; a staff member only their own user, and the dialog says which.
 */
export function DeleteAccountDialog({ role }: { role: UserRole }) {
  const t = useTranslations('accounts.settings');
  const tc = useTranslations('common');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, start] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('passwordRequired'));
    start(async () => {
      const result = await deleteAccountAction({ password });
      // Success redirects to /login; only refusals come back.
      if (result && !result.ok) setError(result.fieldErrors?.password ?? result.message);
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setError(undefined);
        }
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
          <FormField label={t('password')} required error={error}>
            <Input type="password" name="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
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
