'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useWatch, type Control } from 'react-hook-form';
import { useLazyMount } from '@/components/ui/use-lazy-mount';
import type { TemplateFormOutput, TemplateFormValues } from './template-form';

// The preview (sample values, token rendering, the e-mail's HTML view) is not seen at first: its
// code loads once the page is idle, or when it opens, out of the page's first load and hydration.
const TemplatePreviewDialog = dynamic(() => import('@/components/templates/template-preview-dialog').then((m) => m.TemplatePreviewDialog), { ssr: false });

/** The preview dialog, fed the form's current subject, content and opt-out choice. */
export function TemplatePreview({ control, type, open, onOpenChange }: { control: Control<TemplateFormValues, unknown, TemplateFormOutput>; type: 0 | 1; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('templates');
  const mounted = useLazyMount(open);
  const [subject, content, includeUnsubscribe] = useWatch({ control, name: ['subject', 'content', 'includeUnsubscribe'] });
  if (!mounted) return null;
  return <TemplatePreviewDialog open={open} onOpenChange={onOpenChange} type={type} subject={subject ?? ''} content={content ?? ''} unsubscribeText={type === 1 && includeUnsubscribe ? t('editor.unsubscribeText') : undefined} />;
}
