import pino, { type DestinationStream, type Level, type Logger } from 'pino';
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
    },
    destination,
  );
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

/** An error for a log line: its name and (scrubbed) message; the stack only when asked. */
export function errorFields(error: unknown, withStack = false): { name: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { name: 'NonError', message: scrubText(String(error)) };
  const fields: { name: string; message: string; stack?: string } = { name: error.name, message: scrubText(error.message) };
  if (withStack && error.stack) fields.stack = scrubText(error.stack);
  return fields;
}
