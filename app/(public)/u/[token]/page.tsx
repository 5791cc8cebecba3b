import type { Metadata } from 'next';
import { CheckCircle2, MailX } from 'lucide-react';
import { getDb } from '@/db/client';
import { isAppError } from '@/lib/errors/app-error';
import { requestLocale } from '@/lib/auth/session';
import { confirmConsentFormAction } from '@/lib/consent/public-actions';
import { loadPublicConsent, type PublicConsentView } from '@/lib/consent/public-consent';
import { translatorFor, type Translate } from '@/lib/i18n/translator';
import { firstValue } from '@/lib/http/search-params';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Search = Record<string, string | string[] | undefined>;

/**
 * The target of {{optinLink}} and {{optoutLink}}: no sign-in, in the contact's language. Opening it
 * (GET) never changes consent, because mail scanners pre-fetch links; the button (POST) does.
 */
export default async function OptPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Search> }) {
  const { token } = await params;
  const search = await searchParams;
  const action = firstValue(search.action) === 'optin' ? 'optin' : 'optout';
  const channelParam = firstValue(search.channel);
  const done = firstValue(search.done) === '1';
  let view: PublicConsentView | null = null;
  try {
    view = await loadPublicConsent(await getDb(), token);
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  const locale = view?.locale ?? (await requestLocale());
  const t = translatorFor(locale);
  if (!view) {
    return (
      <Frame lang={locale}>
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('contacts.public.notFound')}</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('contacts.public.notFoundHint')}</p>
      </Frame>
    );
  }
  const channels = view.channels.filter((c) => !channelParam || c === channelParam);
  const channelWord = channels.length === 1 ? t(channels[0] === 'email' ? 'contacts.public.channelEmail' : 'contacts.public.channelSms') : t('contacts.public.channelsAll');
  const state = (c: 'email' | 'sms') => (c === 'email' ? view.emailOptIn : view.smsOptIn);
  const settled = channels.length > 0 && channels.every((c) => state(c) === (action === 'optin'));
  // Names are bidi-isolated (a name holding U+202E reversed the page's own words), and long ones
  // wrap anywhere (an e-mail address as a first name overflowed the card at 375 px).
  const name = isolate(view.firstName);
  const merchant = isolate(view.merchantName);

  return (
    <Frame lang={locale}>
      <p className="text-sm font-medium [overflow-wrap:anywhere] text-primary">{t('contacts.public.from', { merchant })}</p>
      <h1 className="text-xl font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">{view.firstName ? t('contacts.public.greeting', { name }) : t('contacts.public.title')}</h1>
      <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <span className="text-slate-500 dark:text-slate-400">{t('contacts.public.current')}</span>
        {view.channels.map((c) => (
          <span key={c} className="flex items-center justify-between gap-3" data-testid={`state-${c}`}>
            <span className="text-slate-700 dark:text-slate-200">{t(`contacts.channel.${c}`)}</span>
            <StateWord t={t} value={state(c)} />
          </span>
        ))}
      </div>
      {done && settled ? (
        <p role="status" className="flex items-start gap-2 text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-200">
          {action === 'optout' ? <MailX className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" /> : <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />}
          {action === 'optout' ? t('contacts.public.doneOptout', { merchant, channel: channelWord }) : t('contacts.public.doneOptin')}
        </p>
      ) : (
        <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-200">
          {t(action === 'optout' ? 'contacts.public.optoutQuestion' : 'contacts.public.optinQuestion', { merchant, channel: channelWord })}
        </p>
      )}
      <form action={confirmConsentFormAction} className="flex flex-col gap-2">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="action" value={done && settled ? (action === 'optout' ? 'optin' : 'optout') : action} />
        {channelParam && <input type="hidden" name="channel" value={channelParam} />}
        {done && settled && <span className="text-xs text-slate-500 dark:text-slate-400">{t('contacts.public.changeMind')}</span>}
        <button
          type="submit"
          className={
            done && settled
              ? 'h-10 cursor-pointer rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
              : 'h-10 cursor-pointer rounded-lg bg-primary-700 px-4 text-sm font-medium text-white hover:bg-primary-800 focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:outline-none'
          }
        >
          {(done && settled ? action !== 'optout' : action === 'optout') ? t('contacts.public.confirmOptout') : t('contacts.public.confirmOptin')}
        </button>
      </form>
    </Frame>
  );
}

/** Text from outside (a name) between FSI and PDI: its direction cannot reorder the sentence around it. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

function StateWord({ t, value }: { t: Translate; value: boolean | null }) {
  const word = value === null ? t('contacts.opt.unset') : t(value ? 'contacts.opt.in' : 'contacts.opt.out');
  const tone = value === null ? 'text-slate-500' : value ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600 dark:text-red-400';
  return <span className={`font-medium ${tone}`}>{word}</span>;
}

function Frame({ lang, children }: { lang: string; children: React.ReactNode }) {
  return (
    <main lang={lang} className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900 mobile:p-6">{children}</div>
    </main>
  );
}
