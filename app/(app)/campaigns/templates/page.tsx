import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireSession } from '@/lib/auth/session';
import { listTemplates } from '@/lib/templates/service';
import { TemplatesClient } from './templates-client';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('templates');
  return { title: t('title') };
}

/** /campaigns/templates?type=text|email: the template list (spec section 2). */
export default async function TemplatesPage({ searchParams }: { searchParams: Promise<{ type?: string }> }) {
  const { ctx } = await requireSession();
  const { type } = await searchParams;
  const [sms, email] = await Promise.all([
    listTemplates(ctx, { type: 1, pageNum: 1, pageSize: 100, common: 'locale' }),
    listTemplates(ctx, { type: 0, pageNum: 1, pageSize: 100, common: 'locale' }),
  ]);
  return <TemplatesClient sms={sms.records} email={email.records} totals={{ text: sms.total, email: email.total }} initialTab={type === 'email' || type === 'text' ? type : null} />;
}
