import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isAppError } from '@/lib/errors/app-error';
import { requireSession } from '@/lib/auth/session';
import { isTrialing } from '@/lib/subscription/guard';
import { getTemplate } from '@/lib/templates/get-template';
import type { TemplateRecord } from '@/lib/templates/record';
import { IntlWarmup } from '@/components/templates/intl-warmup';
import { TemplateEditor } from '@/components/templates/template-editor';
import type { EditorProblem } from '@/components/templates/use-template-editor';
import { ClientMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('title') };
}

/**
 * /campaigns/templates/create?type=email|text[&id=]: the template editor. Refusals of spec
 * sections 4 and 5 (trial, common template, type mismatch, unknown id) are decided here and shown
 * by the client as a warning before it returns to the list.
 */
export default async function TemplateEditorPage({ searchParams }: { searchParams: Promise<{ id?: string; type?: string }> }) {
  const { ctx, user } = await requireSession();
  const { id, type } = await searchParams;
  const askedType: 0 | 1 | null = type === 'email' ? 0 : type === 'text' || type === 'sms' ? 1 : null;
  let template: TemplateRecord | null = null;
  let problem: EditorProblem = null;
  const numericId = Number(id);
  if (id) {
    try {
      if (!Number.isInteger(numericId) || numericId <= 0) throw new Error('bad id');
      template = await getTemplate(ctx, numericId);
    } catch (error) {
      if (!isAppError(error) && !(error instanceof Error && error.message === 'bad id')) throw error;
      problem = 'notFound';
    }
  }
  if (template && template.merchantId === 0) problem = 'common';
  else if (template && askedType !== null && template.type !== askedType) problem = 'mismatch';
  if (!problem && (await isTrialing(ctx))) problem = 'trial';
  const effectiveType: 0 | 1 = template?.type ?? askedType ?? 1;
  return (
    <ClientMessages namespaces={['common', 'errors', 'files', 'subscription', 'templates', 'validation']}>
      <IntlWarmup />
      <TemplateEditor template={problem === 'notFound' ? null : template} type={effectiveType} problem={problem} merchantName={user.merchantName} />
    </ClientMessages>
  );
}
