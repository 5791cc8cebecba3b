import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { logError } from '@/lib/observability/log-error';
import { isDataException, nulIssues } from '@/lib/validation/input-guard';
import { newRequestId } from '@/lib/observability/request-id';
import { redirect } from 'next/navigation';
import { currentSession, requestLocale, signInPath, type PageSession } from '@/lib/auth/session';
import { translatorFor } from '@/lib/i18n/translator';
import { fieldErrorsFrom } from '@/lib/validation/issues';
import type { ErrorCode } from '@/lib/errors/catalogue';
import { foreignKeyViolation } from '@/lib/db/foreign-key';

/** What every server action answers; forms show `message` and `fieldErrors` beside the fields. */
export type ActionResult<T> = { ok: true; data: T; message?: string } | { ok: false; code: ErrorCode | 'INTERNAL'; message: string; fieldErrors?: Record<string, string>; details?: Record<string, unknown> };

interface ActionOptions {
  /** A permission the user must hold; checked here and again by the service where it matters. */
  permission?: string;
  /** Message key of the success message. */
  successKey?: string;
}

/**
 * The one wrapper of every signed-in server action: resolves the session into `ctx`, parses the
 * input with the domain's zod schema (the same one the form and the route use), calls the service,
 * and turns refusals into translated messages. Unknown errors are logged, answered generically.
 */
export function authedAction<S extends z.ZodType, T>(schema: S, handler: (session: PageSession, input: z.infer<S>) => Promise<T>, options: ActionOptions = {}) {
  return async (raw: z.input<S>): Promise<ActionResult<T>> => {
    const session = await currentSession();
    if (!session) {
      // A session that ended under the page (refresh failed, signed out elsewhere, account
      // deleted) is handled here once for every action: the redirect rejects the action's promise
      // and Next's router navigates to /login?expired=1, whatever the calling component does.
      // Without any session cookie it stays a plain UNAUTHORIZED result.
      const target = await signInPath();
      if (target !== '/login') redirect(target);
      const t = translatorFor(await requestLocale());
      return { ok: false, code: 'UNAUTHORIZED', message: t('errors.http.401') };
    }
    const t = translatorFor(session.ctx.locale);
    if (options.permission && !session.user.permissions.includes(options.permission)) {
      return { ok: false, code: 'FORBIDDEN', message: t('errors.http.403') };
    }
    const nul = nulIssues(raw);
    const parsed = nul.length ? null : schema.safeParse(raw);
    if (!parsed?.success) {
      const fieldErrors = fieldErrorsFrom(parsed ? parsed.error.issues : nul, t);
      return { ok: false, code: 'VALIDATION', message: t('errors.validation'), fieldErrors };
    }
    try {
      const data = await handler(session, parsed.data);
      return { ok: true, data, message: options.successKey ? t(options.successKey) : undefined };
    } catch (error) {
      return actionError(error, t);
    }
  };
}

export function actionError(error: unknown, t: ReturnType<typeof translatorFor>): ActionResult<never> {
  if (error instanceof AppError) {
    const fieldErrors = error.options.fieldErrors
      ? Object.fromEntries(Object.entries(error.options.fieldErrors).map(([k, v]) => [k, t(v, error.options.values)]))
      : undefined;
    return { ok: false, code: error.code, message: t(error.messageKey, error.options.values), fieldErrors, details: error.options.details };
  }
  if (isDataException(error)) return { ok: false, code: 'VALIDATION', message: t('errors.validation') };
  const reference = foreignKeyViolation(error);
  if (reference) return reference.missing ? { ok: false, code: 'NOT_FOUND', message: t('errors.http.404') } : { ok: false, code: 'CONFLICT', message: t('errors.http.409') };
  // Next.js signals redirects and not-found by throwing; those must pass through.
  if (error && typeof error === 'object' && 'digest' in error && typeof (error as { digest: unknown }).digest === 'string' && (error as { digest: string }).digest.startsWith('NEXT_')) throw error;
  logError(newRequestId(), error);
  return { ok: false, code: 'INTERNAL', message: t('errors.http.500') };
}
