'use client';

import { Sparkles } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog-lazy';
import { FormField } from '@/components/ui/form-field';
import { SimpleSelect } from '@/components/ui/select';
import { templateCategories, type TemplateCategory } from '@/db/constants/templates';
import { locales, type Locale } from '@/lib/i18n/locales';
import { notify } from '@/lib/notify/notify';
import { draftTemplateAction } from '@/lib/ai/actions';

const LANGUAGE_LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-HK': '繁體中文（香港）' };

/** The AI draft action: category, channel (the editor's type) and language. */
export function AiDraftButton({ type, category, disabled, onDraft }: { type: 0 | 1; category: TemplateCategory; disabled?: boolean; onDraft: (draft: { subject: string | null; content: string }) => void }) {
  const t = useTranslations('templates');
  const current = useLocale() as Locale;
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<Locale>(current);
  const [purpose, setPurpose] = useState<TemplateCategory>(category);
  const [pending, start] = useTransition();

  const generate = () =>
    start(async () => {
      const result = await draftTemplateAction({ category: purpose, type, locale: language });
      if (!result.ok) {
        notify.warning(result.message || t('editor.ai.failed'));
        return;
      }
      onDraft(result.data);
      setOpen(false);
      notify.success(`${t('editor.ai.done')} (${result.data.source === 'model' ? t('editor.ai.sourceModel') : t('editor.ai.sourceLibrary')})`);
    });

  return (
    <>
      {/* Outside the dialog: the dialog's code loads later, and the button must stay the same element. */}
      <Button variant="secondary" disabled={disabled} onClick={() => { setPurpose(category); setOpen(true); }}>
        <Sparkles />
        {t('editor.ai.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="sm">
          <DialogHeader>
            <DialogTitle>{t('editor.ai.title')}</DialogTitle>
            <DialogDescription>{t('editor.ai.description')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-4">
            <FormField label={t('editor.category')}>
              <SimpleSelect value={purpose} onValueChange={(v) => setPurpose(v as TemplateCategory)} options={templateCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
            </FormField>
            <FormField label={t('editor.ai.language')}>
              <SimpleSelect value={language} onValueChange={(v) => setLanguage(v as Locale)} options={locales.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))} />
            </FormField>
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setOpen(false)}>{t('editor.cancel')}</Button>
            <Button onClick={generate} loading={pending}>
              <Sparkles />
              {pending ? t('editor.ai.generating') : t('editor.ai.generate')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
