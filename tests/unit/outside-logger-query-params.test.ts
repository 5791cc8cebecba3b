import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger, errorFields, withoutQueryParams } from '@/lib/observability/logger';

/** Outside test, defect 4: a failed write's log line keeps its SQL, never its values. */
const SQL_TEXT = 'insert into message_contents (merchant_id, hash, subject, html) values ($1, $2, $3, $4)';
const PARAMS = [7, 'h4sh', 'Private subject', '<p>Dear Ada,\n    at your request, opt token tok_secret_123</p>'];
const SECRETS = ['Private subject', 'Dear Ada', 'tok_secret_123', 'h4sh'];

function queryError(): Error {
  return new DrizzleQueryError(SQL_TEXT, PARAMS, Object.assign(new Error('value too long for type character varying(200)'), { name: 'PostgresError' }));
}

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) }, 'info');
  return { logger, lines };
}

describe('a query error in the log', () => {
  it('drops the params part of the message and the stack, keeping the SQL and the frames', () => {
    const error = queryError();
    expect(error.message).toContain('tok_secret_123');
    const fields = errorFields(error, true);
    expect(fields.message).toBe(`Failed query: ${SQL_TEXT}\nparams: [redacted]`);
    expect(fields.stack?.startsWith(`Error: Failed query: ${SQL_TEXT}\nparams: [redacted]\n    at `)).toBe(true);
    expect(fields.stack).toContain('outside-logger-query-params.test.ts');
    for (const secret of SECRETS) expect(JSON.stringify(fields)).not.toContain(secret);
  });

  it('follows the cause chain: the driver’s reason is kept, a wrapped query error loses its values', () => {
    const wrapped = new Error('saving the message failed', { cause: queryError() });
    const fields = errorFields(wrapped, true);
    expect(fields.cause?.message).toBe(`Failed query: ${SQL_TEXT}\nparams: [redacted]`);
    expect(fields.cause?.cause).toEqual({ name: 'PostgresError', message: 'value too long for type character varying(200)' });
    for (const secret of SECRETS) expect(JSON.stringify(fields)).not.toContain(secret);
    // A cycle ends.
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(JSON.stringify(errorFields(a))).toContain('"message":"b"');
  });

  it('drops them from a message that quotes one, and leaves other text alone', () => {
    expect(withoutQueryParams(`could not save: Failed query: select 1\nparams: secret,values`)).toBe('could not save: Failed query: select 1\nparams: [redacted]');
    expect(withoutQueryParams('params: are fine elsewhere\nparams: x')).toBe('params: are fine elsewhere\nparams: x');
    expect(withoutQueryParams('Failed query: select 1')).toBe('Failed query: select 1');
  });

  it('keeps them out of a line however the error is handed to the logger', () => {
    const { logger, lines } = capture();
    logger.error({ err: errorFields(queryError(), true) }, 'request failed');
    logger.error({ err: queryError() }, 'raw error');
    logger.error(queryError());
    logger.error(`write failed: ${queryError().message}`);
    logger.warn(new Error('outer', { cause: queryError() }), 'wrapped');
    expect(lines).toHaveLength(5);
    const all = lines.join('\n');
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    for (const line of lines) expect(line).toContain('Failed query: insert into message_contents');
    const records = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string } });
    expect(records[2].msg).toBe(`Failed query: ${SQL_TEXT}\nparams: [redacted]`);
    expect(records[2].err?.message).toBe(`Failed query: ${SQL_TEXT}\nparams: [redacted]`);
    expect(records[3].msg).toBe(`write failed: Failed query: ${SQL_TEXT}\nparams: [redacted]`);
  });
});
