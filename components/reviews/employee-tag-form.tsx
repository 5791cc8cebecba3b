'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFieldMessage } from '@/components/ui/use-field-message';
import { notify } from '@/lib/notify/notify';
import { setEmployeeTagAction } from '@/lib/reviews/actions';
import type { employeeTagSchema } from '@/lib/reviews/schema';

// The form holds the typed text; the schema (the action's, loaded on the first check) reads '' as no tag.
type Values = { employeeTag: string };
const resolver = lazyZodResolver(() => import('@/lib/reviews/schema').then((m) => m.employeeTagSchema)) as Resolver<Values, unknown, z.output<typeof employeeTagSchema>>;

/**
 * Tags a review with the employee it names (or clears the tag). The card keeps what was typed
 * while the form is closed (`draft`, handed back by `onClose`): reopening the form shows it again.
 */
export function EmployeeTagForm({ reviewId, draft, onClose }: { reviewId: number; draft: string; onClose: (typed: string) => void }) {
  const t = useTranslations('reviews');
  const router = useRouter();
  const { register, handleSubmit, formState, getValues, setError } = useForm<Values, unknown, z.output<typeof employeeTagSchema>>({ resolver, defaultValues: { employeeTag: draft } });
  const message = useFieldMessage(formState.errors);

  const saveTag = handleSubmit(async (values) => {
    const result = await setEmployeeTagAction({ id: reviewId, employeeTag: values.employeeTag });
    if (!result.ok) {
      if (result.fieldErrors?.employeeTag) setError('employeeTag', { type: 'server', message: result.fieldErrors.employeeTag });
      return notify.warning(result.message);
    }
    notify.success(result.message ?? t('tagSaved'));
    onClose(getValues('employeeTag'));
    router.refresh();
  });

  return (
    <form onSubmit={saveTag} noValidate className="flex flex-wrap items-start gap-2">
      <FormField error={message('employeeTag')} className="w-56">
        <Input {...register('employeeTag')} maxLength={50} placeholder={t('tagPlaceholder')} aria-label={t('tagEmployee')} autoFocus />
      </FormField>
      <Button type="submit" size="sm" loading={formState.isSubmitting}>
        {t('saveTag')}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => onClose(getValues('employeeTag'))}>
        {t('reply.cancel')}
      </Button>
    </form>
  );
}
