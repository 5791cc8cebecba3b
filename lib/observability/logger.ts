import pino, { type DestinationStream, type Level, type LogFn, type Logger } from 'pino';
import { setting } from '@/lib/config/settings';

const ERROR_LEVEL = 50;

/**
 * One JSON line per event. Errors go out through console.error (stderr), the rest to stdout:
 * tests that watch console.error (a failed request, a failed dispatcher round) still see them,
 * and `npm run dev` shows plain JSON (no pino-pretty).
 */
function consoleDestination(): DestinationStream {
  const stream = {
    [Symbol.for('pino.metadata')]: true,
    lastLevel: 0,
    write(line: string) {
      if (stream.lastLevel >= ERROR_LEVEL) console.error(line.trimEnd());
      else process.stdout.write(line);
    },
  };
  return stream;
}

/** Never in a log line, wherever a caller put them. */
const REDACTED_PATHS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
];

// Under Vitest the per-request lines would bury the test output; LOG_LEVEL still wins. A level
// pino does not know would throw on the first import, taking every request down: the default then.
function configuredLevel(): string {
  const wanted = setting('logLevel');
  if (wanted && (wanted === 'silent' || wanted in pino.levels.values)) return wanted;
  return process.env.VITEST ? 'warn' : ('info' satisfies Level);
}

export function createLogger(destination: DestinationStream = consoleDestination(), level: string = configuredLevel()): Logger {
  return pino(
    {
      level,
      base: { service: 'starloop' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      // pino's own error serializer would write a query error's `params` and its cause chain as
      // they are: an error logged as it is gets errorFields' treatment instead.
      serializers: { err: (value: unknown) => (value instanceof Error ? errorFields(value, true) : value) },
      hooks: { logMethod: withoutParamsInLine },
    },
    destination,
  );
}

/**
 * `logger.error(error)` makes the error's message the line's msg, and a caller may write one into
 * its msg: neither keeps a query's values.
 */
function withoutParamsInLine(this: Logger, args: Parameters<LogFn>, method: LogFn): void {
  const [first, ...rest] = args as unknown[];
  const clean = (value: unknown) => (typeof value === 'string' ? withoutQueryParams(value) : value);
  const line = first instanceof Error && typeof rest[0] !== 'string' ? [{ err: first }, withoutQueryParams(first.message), ...rest] : [clean(first), ...rest.map(clean)];
  (method as (...values: unknown[]) => void).apply(this, line);
}

export const logger: Logger = createLogger();

/** `ab***@example.com`: enough to tell addresses apart in a log, not to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at - 1))}***${email.slice(at)}`;
}

/** Keeps only the last four digits. */
export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '****';
}

const EMAIL_IN_TEXT = /[^\s<>"'@,;:()]+@[^\s<>"'@,;:()]+\.[A-Za-z]{2,}/g;
// E.164 (`+` and digits, maybe spaced) or a bare run of 9+ digits; dates and line numbers stay.
const PHONE_IN_TEXT = /\+\d[\d\s().-]{6,}\d|\b\d{9,15}\b/g;
const BEARER_IN_TEXT = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/** Error messages may quote a recipient (SMTP) or a header: masked before they are logged. */
export function scrubText(text: string): string {
  return text
    .replace(BEARER_IN_TEXT, '$1 [redacted]')
    .replace(EMAIL_IN_TEXT, (m) => maskEmail(m))
    .replace(PHONE_IN_TEXT, (m) => maskPhone(m.replace(/[^\d+]/g, '')));
}

const FAILED_QUERY = 'Failed query: ';
const QUERY_PARAMS = '\nparams: ';

/**
 * Drizzle's query errors read `Failed query: <sql>\nparams: <values>`, every value quoted (mail
 * bodies, subjects, a contact's opt token): the SQL stays, the values go, and anything after them
 * (its end cannot be told from a value's text).
 */
export function withoutQueryParams(text: string): string {
  const query = text.indexOf(FAILED_QUERY);
  const params = query < 0 ? -1 : text.indexOf(QUERY_PARAMS, query + FAILED_QUERY.length);
  return params < 0 ? text : `${text.slice(0, params)}${QUERY_PARAMS}[redacted]`;
}

/** The stack begins with the message: that part is replaced, and the frames after it stay. */
function stackWithoutQueryParams(error: Error, stack: string): string {
  if (!stack.includes(FAILED_QUERY)) return stack;
  const at = error.message.includes(FAILED_QUERY) ? stack.indexOf(error.message) : -1;
  if (at >= 0) return `${stack.slice(0, at)}${withoutQueryParams(error.message)}${stack.slice(at + error.message.length)}`;
  return withoutQueryParams(stack);
}

export interface ErrorFields {
  name: string;
  message: string;
  stack?: string;
  cause?: ErrorFields;
}

// A cause of a cause of ... : a cycle (`a.cause = b; b.cause = a`) must end somewhere.
const MAX_CAUSES = 5;

/**
 * An error for a log line: its name and (scrubbed) message; the stack only when asked; its cause
 * chain (name and message each, the driver's reason under a query error). A query's values are
 * never among them.
 */
export function errorFields(error: unknown, withStack = false): ErrorFields {
  return fieldsOf(error, withStack, 0);
}

function fieldsOf(error: unknown, withStack: boolean, depth: number): ErrorFields {
  if (!(error instanceof Error)) return { name: 'NonError', message: scrubText(withoutQueryParams(String(error))) };
  const fields: ErrorFields = { name: error.name, message: scrubText(withoutQueryParams(error.message)) };
  if (withStack && error.stack) fields.stack = scrubText(stackWithoutQueryParams(error, error.stack));
  if (error.cause !== undefined && depth < MAX_CAUSES) fields.cause = fieldsOf(error.cause, false, depth + 1);
  return fields;
}

/** An error's message for a plain log line (console): scrubbed, a query's values left out. */
export function loggableMessage(error: unknown): string {
  return scrubText(withoutQueryParams(error instanceof Error ? error.message : String(error)));
}
