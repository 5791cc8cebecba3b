import { AuthHeader } from '@/components/shell/auth-header';

/** The forgot and reset password pages: the logo, the language switch, one centred column. */
export function AuthShell({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <AuthHeader />
      <main className="flex flex-1 items-start justify-center px-8 pt-10 pb-12 mobile:px-5 mobile:pt-4">
        <div className="flex w-full max-w-[420px] flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm mobile:border-0 mobile:bg-transparent mobile:p-0 mobile:shadow-none dark:border-slate-800 dark:bg-slate-900 mobile:dark:bg-transparent">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
            <p className="text-sm text-slate-500 dark:text-slate-400">{lead}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
