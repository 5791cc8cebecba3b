import type { TwilioConfig } from './twilio-transport';

/** What Twilio knows of one message (the fields of its Message resource that we read). */
export interface TwilioMessageRecord {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** queued, accepted, scheduled, sending, sent, delivered, undelivered, failed, canceled, received, ... */
  status: string;
  /** outbound-api, outbound-call, outbound-reply or inbound. */
  direction: string;
  dateCreated: Date | null;
  /** When Twilio handed it on: null while it waits in Twilio's queue. */
  dateSent: Date | null;
  errorCode: number | null;
}

/** Twilio did not answer usefully (no connection, a timeout, 429, 5xx, an unreadable body): ask later. */
export class TwilioLookupError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message);
    this.name = 'TwilioLookupError';
  }
}

/** Reads are short: they run from the sending loop, which must not wait long on them. */
const LOOKUP_TIMEOUT_MS = 5_000;

/** GET /2010-04-01/Accounts/{Sid}/Messages/{MessageSid}.json: the message, or null when Twilio has no such message (404). */
export async function fetchTwilioMessage(config: TwilioConfig, sid: string): Promise<TwilioMessageRecord | null> {
  const answer = await getJson(config, `${accountPath(config)}/Messages/${encodeURIComponent(sid)}.json`);
  if (answer === null) return null;
  const record = toRecord(answer);
  if (!record) throw new TwilioLookupError('twilio answered a message without a sid');
  return record;
}

export interface TwilioMessageList {
  messages: TwilioMessageRecord[];
  /** False when the pages ran past `maxPages`: a message may be missing from `messages`. */
  complete: boolean;
}

/**
 * GET .../Messages.json?To=&From=: every message between our number and one recipient, following
 * `next_page_uri` up to `maxPages` pages. No DateSent filter: Twilio fills DateSent only when it
 * hands the message on, so a filter on it would miss a message still waiting in Twilio's queue,
 * which is exactly the one that must not be sent twice. Callers pick the time window themselves
 * on `dateCreated`.
 */
export async function listTwilioMessages(config: TwilioConfig, filter: { to: string; from: string }, options: { pageSize?: number; maxPages?: number } = {}): Promise<TwilioMessageList> {
  const query = new URLSearchParams({ To: filter.to, From: filter.from, PageSize: String(options.pageSize ?? 100) });
  let path: string | null = `${accountPath(config)}/Messages.json?${query}`;
  const messages: TwilioMessageRecord[] = [];
  for (let page = 0; page < (options.maxPages ?? 5) && path; page++) {
    const answer = await getJson(config, path);
    if (answer === null) throw new TwilioLookupError('twilio answered 404 to a message list');
    const list = (answer as { messages?: unknown }).messages;
    if (!Array.isArray(list)) throw new TwilioLookupError('twilio answered a list without messages');
    for (const item of list) {
      const record = toRecord(item);
      if (record) messages.push(record);
    }
    const next = (answer as { next_page_uri?: unknown }).next_page_uri;
    path = typeof next === 'string' && next.startsWith('/') ? next : null;
  }
  return { messages, complete: path === null };
}

function accountPath(config: TwilioConfig): string {
  return `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
}

/** One authenticated GET; null on 404; anything else that is not a JSON 200 throws TwilioLookupError. */
async function getJson(config: TwilioConfig, path: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      headers: { authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`, accept: 'application/json' },
      signal: AbortSignal.timeout(Math.min(config.timeoutMs ?? LOOKUP_TIMEOUT_MS, LOOKUP_TIMEOUT_MS)),
    });
  } catch (error) {
    throw new TwilioLookupError(`twilio unreachable: ${error instanceof Error ? error.name : 'error'}`, error);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok || !body || typeof body !== 'object') throw new TwilioLookupError(`twilio answered ${response.status}`);
  return body;
}

function toRecord(raw: unknown): TwilioMessageRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  if (typeof m.sid !== 'string' || !m.sid) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const code = m.error_code;
  return {
    sid: m.sid,
    to: text(m.to),
    from: text(m.from),
    body: text(m.body),
    status: text(m.status).toLowerCase(),
    direction: text(m.direction),
    dateCreated: rfc2822(m.date_created),
    dateSent: rfc2822(m.date_sent),
    errorCode: typeof code === 'number' ? code : typeof code === 'string' && /^\d{1,9}$/.test(code) ? Number(code) : null,
  };
}

/** Twilio's dates are RFC 2822 ("Thu, 30 Jul 2015 20:12:31 +0000"), which Date.parse reads. */
function rfc2822(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at);
}
