import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, errorFields, maskEmail, maskPhone, scrubText } from '@/lib/observability/logger';

/** Issue 20, point 4: what a log line may show of a person or a credential. */
function capture(level = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) }, level);
  return { logger, lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('masking', () => {
  it('keeps two characters of an e-mail and its domain, the last four digits of a phone', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('ja***@example.com');
    expect(maskEmail('j@example.com')).toBe('***@example.com');
    expect(maskEmail('not-an-address')).toBe('***');
    expect(maskPhone('+14155550123')).toBe('********0123');
    expect(maskPhone('123')).toBe('****');
  });

  it('masks addresses, phone numbers and credentials quoted in a message', () => {
    expect(scrubText('550 <jane.doe@example.com> refused; call +1 (415) 555-0123')).toBe('550 <ja***@example.com> refused; call ********0123');
    expect(scrubText('sent Authorization: Bearer eyJhbGciOi.abc-def')).toBe('sent Authorization: Bearer [redacted]');
    expect(scrubText('3 rows in 12 ms at 2026-11-26 00:05:27 (route.ts:123:45)')).toBe('3 rows in 12 ms at 2026-11-26 00:05:27 (route.ts:123:45)');
    expect(scrubText('to 4155550123.')).toBe('to ******0123.');
  });

  it('logs an error by its name and scrubbed message, its stack only when asked', () => {
    const error = new TypeError('bad address jane.doe@example.com');
    expect(errorFields(error)).toEqual({ name: 'TypeError', message: 'bad address ja***@example.com' });
    expect(errorFields(error, true).stack?.split('\n')[0]).toBe('TypeError: bad address ja***@example.com');
    expect(errorFields('plain +14155550123')).toEqual({ name: 'NonError', message: 'plain ********0123' });
  });
});

describe('the logger', () => {
  it('writes one JSON line with the level name, an ISO time and the service', () => {
    const { logger, records } = capture();
    logger.info({ requestId: 'abc' }, 'request');
    const [record] = records();
    expect([record.level, record.msg, record.requestId, record.service]).toEqual(['info', 'request', 'abc', 'starloop']);
    expect(String(record.time)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('redacts authorization, cookies, tokens and passwords wherever a caller put them', () => {
    const { logger, lines, records } = capture();
    logger.info(
      {
        headers: { authorization: 'Bearer live-access-token', cookie: 'authjs.session-token=cookie-value' },
        token: 'refresh-token-value',
        body: { password: 'Hunter-22-secret', refreshToken: 'rt-value' },
        authorization: 'Bearer other-token',
      },
      'request',
    );
    const all = lines.join('');
    for (const secret of ['live-access-token', 'cookie-value', 'refresh-token-value', 'Hunter-22-secret', 'rt-value', 'other-token']) expect(all).not.toContain(secret);
    const [record] = records();
    expect(record.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]' });
    expect(record.body).toEqual({ password: '[redacted]', refreshToken: '[redacted]' });
  });

  it('honours the level: debug lines are dropped at info', () => {
    const { logger, lines } = capture('info');
    logger.debug('noise');
    logger.warn('kept');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['kept']);
  });
});

describe('LOG_LEVEL', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is read at start, any case; an unknown level falls back instead of throwing', () => {
    const sink = { write: () => undefined };
    vi.stubEnv('LOG_LEVEL', 'DEBUG');
    expect(createLogger(sink).level).toBe('debug');
    vi.stubEnv('LOG_LEVEL', 'silent');
    expect(createLogger(sink).level).toBe('silent');
    vi.stubEnv('LOG_LEVEL', 'verbose');
    expect(createLogger(sink).level).toBe('warn');
  });
});
