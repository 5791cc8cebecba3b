import { z } from 'zod';
import type { Db } from '@/db/client';
import { getDb } from '@/db/client';
import type { PublicContext, ServiceContext } from '@/lib/context';
import { pickLocale, type Locale } from '@/lib/i18n/locales';
import { translatorFor, type Translate } from '@/lib/i18n/translator';
import { fieldErrorsFrom } from '@/lib/validation/issues';
import { AppError } from '@/lib/errors/app-error';
import { envelopeResponse } from './envelope';
import { newRequestId } from '@/lib/observability/request-id';
import { authenticateRequest } from './authenticate';
import { logError } from '@/lib/observability/log-error';
import { MAX_JSON_DEPTH, isDataException, jsonNestingExceeds, nulIssues } from '@/lib/validation/input-guard';
import { clientAddress } from '@/lib/http/client-address';
import { DATABASE_UNREACHABLE, unlessDatabaseGone } from '@/db/reachable';
import { idempotent } from './idempotency';
import { BODY_LIMITS, readBodyText } from '@/lib/http/read-body';
import { errorFields, logger } from '@/lib/observability/logger';
import { observeHttpRequest } from '@/lib/observability/metrics';
import { foreignKeyViolation } from '@/lib/db/foreign-key';

type RouteParams = { params: Promise<Record<string, string | string[]>> };

export interface RouteOptions<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, P extends z.ZodType | undefined> {
  /** 'public' routes run without a token (spec section 7's public list). */
  auth: 'user' | 'public';
  query?: Q;
  body?: B;
  params?: P;
  /** A permission the user must hold (for example post:admin:manage). */
  permission?: string;
  /** Message key of the success msg; default 'common.success'. */
  successKey?: string;
  /** Largest JSON body in bytes; default BODY_LIMITS.publicJson (public) or .userJson (signed in). */
  bodyLimit?: number;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  request: Request;
  t: Translate;
}

export type RouteContext<A extends 'user' | 'public'> = A extends 'user' ? ServiceContext : PublicContext;

/** A handler's answer: data, or a Response it built itself (files, redirects). */
export type RouteResult = unknown;

/**
 * The one wrapper of every /api route: authenticate, parse with the domain's zod schema, call the
 * service, answer the envelope with the catalogue's status. Unknown errors are logged with the
 * request id and answered as a generic 500: never a stack trace, never an HTML page. Every request
 * leaves one log line and one observation of the duration histogram (lib/observability).
 */
export function route<A extends 'user' | 'public', Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
  options: RouteOptions<Q, B, P> & { auth: A },
  handler: (ctx: RouteContext<A>, input: RouteInput<Infer<Q>, Infer<B>, Infer<P>>) => Promise<RouteResult>,
) {
  const handle = async function handle(request: Request, routeParams?: RouteParams): Promise<Response> {
    const requestId = newRequestId();
    const started = performance.now();
    const who: { merchantId?: number; userId?: number } = {};
    let rawParams: Record<string, string | string[]> = {};
    const locale: Locale = pickLocale(request.headers.get('accept-language'));
    const t = translatorFor(locale);
    const finish = (response: Response, error?: unknown, unexpected = false) => {
      // Logging never costs the caller its answer.
      try {
        logRequest(request, rawParams, response.status, performance.now() - started, { requestId, ...who }, error, unexpected);
      } catch (logFailure) {
        console.error(`[starloop] request ${requestId}: could not log: ${logFailure instanceof Error ? logFailure.message : String(logFailure)}`);
      }
      return response;
    };
    try {
      // First: the log line names the route by its pattern even when authentication fails.
      rawParams = (routeParams ? await routeParams.params : undefined) ?? {};
      const db: Db = await getDb();
      const now = () => new Date();
      let ctx: ServiceContext | PublicContext;
      if (options.auth === 'user') {
        const user = await unlessDatabaseGone(authenticateRequest(db, request, browserSessionToken));
        if (!user) throw new AppError('UNAUTHORIZED');
        Object.assign(who, { merchantId: user.merchantId, userId: user.userId });
        if (options.permission && !user.permissions.includes(options.permission)) throw new AppError('FORBIDDEN');
        ctx = { db, merchantId: user.merchantId, userId: user.userId, permissions: user.permissions, locale, now };
      } else {
        ctx = { db, locale, now, ip: clientAddress(request.headers) };
      }
      const rawQuery = queryObject(request);
      assertNoNul(rawParams);
      assertNoNul(rawQuery);
      const params = options.params ? parseOrThrow(options.params, rawParams) : rawParams;
      const query = options.query ? parseOrThrow(options.query, rawQuery) : undefined;
      const bodyLimit = options.bodyLimit ?? (options.auth === 'user' ? BODY_LIMITS.userJson : BODY_LIMITS.publicJson);
      const rawBody = options.body ? assertNoNul(await readJson(request, bodyLimit)) : undefined;
      const body = options.body ? parseOrThrow(options.body, rawBody) : undefined;
      // PostgreSQL out of reach answers 503 in seconds, not when TCP gives up (db/reachable.ts).
      const callHandler = () => unlessDatabaseGone(handler(ctx as RouteContext<A>, { query, body, params, request, t } as RouteInput<Infer<Q>, Infer<B>, Infer<P>>));
      const idempotencyKey = request.headers.get('idempotency-key');
      if (idempotencyKey !== null && options.auth === 'user' && request.method === 'POST') {
        // A create call with a key runs once; the same key and body answer its first answer (lib/api/idempotency.ts).
        const user = ctx as ServiceContext;
        let file: Response | null = null;
        const call = { db, merchantId: user.merchantId, userId: user.userId, key: idempotencyKey, request: { method: request.method, path: new URL(request.url).pathname, body: rawBody ?? null }, now: now() };
        const kept = await idempotent(call, async () => {
          const result = await callHandler();
          if (result instanceof Response) {
            file = result;
            return null;
          }
          return { status: 200, body: result ?? null };
        });
        if (!kept && file) return finish(withRequestId(file, requestId));
        if (kept) return finish(envelopeResponse(kept.status, kept.status, t(options.successKey ?? 'common.success'), kept.body, requestId, kept.replayed ? { 'idempotent-replayed': 'true' } : {}));
      }
      const result = await callHandler();
      if (result instanceof Response) {
        result.headers.set('x-request-id', requestId);
        return finish(result);
      }
      return finish(envelopeResponse(200, 200, t(options.successKey ?? 'common.success'), result ?? null, requestId));
    } catch (error) {
      const answer = errorAnswer(error, t, requestId);
      return finish(answer.response, error, answer.unexpected);
    }
  };
  // The options stay readable on the handler: the security sweeps (tests/integration/security-*)
  // enumerate every route's auth and schemas from it.
  return Object.assign(handle, { routeOptions: options as RouteOptions<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined> });
}

function withRequestId(response: Response, requestId: string): Response {
  response.headers.set('x-request-id', requestId);
  return response;
}

/** The error envelope for a caller outside route(); unexpected errors are logged here. */
export function errorResponse(error: unknown, t: Translate, requestId: string): Response {
  const answer = errorAnswer(error, t, requestId);
  if (answer.unexpected) logError(requestId, error);
  return answer.response;
}

/** `unexpected`: neither a validation nor a catalogued error, nor bad input: worth a look. */
function errorAnswer(error: unknown, t: Translate, requestId: string): { response: Response; unexpected: boolean } {
  const expected = (response: Response) => ({ response, unexpected: false });
  if (error instanceof ValidationFailure) {
    const fieldErrors = fieldErrorsFrom(error.issues, t);
    const first = Object.entries(fieldErrors)[0];
    const msg = first ? `${first[0] === '_' ? '' : `${first[0]}: `}${first[1]}` : t('errors.validation');
    return expected(envelopeResponse(400, 400, msg, { fieldErrors }, requestId));
  }
  if (error instanceof AppError) {
    const fieldErrors = error.options.fieldErrors
      ? Object.fromEntries(Object.entries(error.options.fieldErrors).map(([k, v]) => [k, t(v, error.options.values)]))
      : undefined;
    const data = fieldErrors || error.options.details ? { ...(error.options.details ?? {}), ...(fieldErrors ? { fieldErrors } : {}) } : null;
    return expected(envelopeResponse(error.status, error.status, t(error.messageKey, error.options.values), data, requestId, error.options.headers));
  }
  if (isDataException(error)) return expected(envelopeResponse(400, 400, t('errors.validation'), null, requestId));
  // A row the request names was deleted meanwhile (by another session): the same answer as had it
  // been gone before the request began.
  const reference = foreignKeyViolation(error);
  if (reference) return expected(reference.missing ? envelopeResponse(404, 404, t('errors.http.404'), null, requestId) : envelopeResponse(409, 409, t('errors.http.409'), null, requestId));
  if (isDatabaseUnavailable(error)) {
    return { response: envelopeResponse(503, 503, t('errors.http.503'), null, requestId, { 'retry-after': '5' }), unexpected: true };
  }
  return { response: envelopeResponse(500, 500, t('errors.http.500'), null, requestId), unexpected: true };
}

/**
 * One line per request: ids, the route pattern, method, status and duration; an error by its name
 * and message (the stack when unexpected). Never a body, header, token or cookie.
 */
function logRequest(
  request: Request,
  params: Record<string, string | string[]>,
  status: number,
  ms: number,
  ids: { requestId: string; merchantId?: number; userId?: number },
  error: unknown,
  unexpected: boolean,
): void {
  const pattern = routePattern(new URL(request.url).pathname, params);
  observeHttpRequest(request.method, pattern, status, ms / 1000);
  const line = { event: 'http.request', ...ids, route: pattern, method: request.method, status, durationMs: Math.round(ms * 10) / 10, ...(error === undefined ? {} : { err: errorFields(error, unexpected) }) };
  if (unexpected) logger.error(line, `request ${ids.requestId} failed`);
  else logger.info(line, 'request');
}

/**
 * /api/member/42 with params { id: '42' } is /api/member/[id]: the histogram's label set stays as
 * small as the route list (a catch-all's segments become [...name]).
 */
function routePattern(pathname: string, params: Record<string, string | string[]>): string {
  const segments = pathname.split('/');
  const decoded = segments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (!value.length) continue;
      const start = segments.length - value.length;
      if (start > 0 && value.every((v, i) => decoded[start + i] === v)) segments.splice(start, value.length, `[...${name}]`);
      continue;
    }
    const at = decoded.lastIndexOf(value);
    if (at > 0) {
      segments[at] = `[${name}]`;
      decoded[at] = `[${name}]`;
    }
  }
  return segments.join('/');
}

/** Thrown by parseOrThrow; answered 400 with field errors. */
export class ValidationFailure extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('validation failed');
  }
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationFailure(parsed.error.issues);
  return parsed.data;
}

function assertNoNul<T>(value: T): T {
  const issues = nulIssues(value);
  if (issues.length) throw new ValidationFailure(issues);
  return value;
}

async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  if (!text.trim()) return {};
  if (jsonNestingExceeds(text)) throw new AppError('BAD_REQUEST', 'errors.jsonTooDeep', { values: { max: MAX_JSON_DEPTH } });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'errors.badJson');
  }
}

function queryObject(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  new URL(request.url).searchParams.forEach((value, key) => {
    if (!(key in out)) out[key] = value;
  });
  return out;
}

// Loaded lazily so route handlers stay callable with plain Requests in tests (bearer only).
async function browserSessionToken(): Promise<string | null> {
  const { auth } = await import('@/lib/auth/auth');
  const session = await auth();
  return session?.accessToken && !session.error ? session.accessToken : null;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', DATABASE_UNREACHABLE]);

// Drizzle wraps driver errors in DrizzleQueryError (the driver's error is its cause).
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if (UNAVAILABLE_CODES.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}
