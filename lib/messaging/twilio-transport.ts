import type { Db } from '@/db/client';
import { DeliveryError, TransportDownError, type SendResult, type SmsMessage, type SmsTransport } from './types';
import { configuredAppUrl } from '@/lib/app-url';
import { setting, settingDefault } from '@/lib/config/settings';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com by default; tests point it at a loopback server. */
  baseUrl: string;
  /** Where Twilio posts delivery status (our /api/webhooks/twilio/status), or none. */
  statusCallbackUrl?: string;
  /** How long to wait for Twilio's answer (TWILIO_TIMEOUT_MS, default 15 s). */
  timeoutMs?: number;
  /** Requests in flight at once (SMS_MAX_IN_FLIGHT, default 10). */
  maxInFlight?: number;
}

export function twilioConfigFromEnv(): TwilioConfig | null {
  const accountSid = setting('twilioAccountSid');
  const authToken = setting('twilioAuthToken');
  const from = setting('twilioFrom');
  if (!accountSid || !authToken || !from) return null;
  const appUrl = configuredAppUrl();
  return {
    accountSid,
    authToken,
    from,
    baseUrl: setting('twilioBaseUrl'),
    statusCallbackUrl: appUrl ? `${appUrl}/api/webhooks/twilio/status` : undefined,
    timeoutMs: setting('twilioTimeoutMs'),
    maxInFlight: setting('smsMaxInFlight'),
  };
}

/**
 * Twilio's Messages REST API over real HTTP. 5xx answers and no connection mean Twilio is down
 * (TransportDownError: requeued, the circuit breaker counts it); 429 is temporary;
 * other 4xx answers are permanent, with Twilio's own message kept as the reason; a request sent but never
 * answered is uncertain (the SMS may be queued) and goes to review.
 */
export function twilioTransport(config: TwilioConfig): SmsTransport {
  return {
    name: 'twilio',
    maxInFlight: config.maxInFlight,
    async send(_db: Db, message: SmsMessage): Promise<SendResult> {
      const form = new URLSearchParams({ To: message.to, From: config.from, Body: message.body });
      if (config.statusCallbackUrl) form.set('StatusCallback', config.statusCallbackUrl);
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(config.timeoutMs ?? settingDefault('twilioTimeoutMs')),
        });
      } catch (error) {
        // Never connected: nothing reached Twilio, a retry is safe. Otherwise the request may
        // have been received and the SMS queued (a timeout waiting for the answer): not retried.
        if (neverConnected(error)) throw new TransportDownError('twilio unreachable', error);
        throw new DeliveryError(`twilio gave no answer: ${error instanceof Error ? error.name : 'error'}`, false, error, true);
      }
      const answer: unknown = await response.json().catch(() => null);
      const body = (answer && typeof answer === 'object' ? answer : {}) as { sid?: unknown; message?: unknown; code?: unknown };
      if (!response.ok || typeof body.sid !== 'string' || !body.sid) {
        const code = typeof body.code === 'number' && Number.isInteger(body.code) ? body.code : typeof body.code === 'string' && /^\d{1,9}$/.test(body.code) ? Number(body.code) : null;
        // Twilio's own failure (5xx): the request was answered and refused, nothing was queued.
        if (response.status >= 500) throw new TransportDownError(`twilio ${response.status}${code ? ` ${code}` : ''}`, new TwilioApiError(`twilio ${response.status}`, true, response.status, code));
        const temporary = response.status === 429;
        const reason = typeof body.message === 'string' ? body.message.slice(0, 300) : 'no message id';
        throw new TwilioApiError(`twilio ${response.status}${code ? ` ${code}` : ''}: ${reason}`, temporary, response.status, code);
      }
      return { transport: 'twilio', messageId: body.sid };
    },
  };
}

/**
 * Twilio's refusal, with its HTTP status and error code (https://www.twilio.com/docs/api/errors):
 * 21610 is "the recipient replied STOP", 21211 an invalid 'To', 21408/21612 a region or route we
 * cannot reach, 20429 too many requests. Callers that must tell them apart read `code`.
 */
export class TwilioApiError extends DeliveryError {
  constructor(
    message: string,
    temporary: boolean,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message, temporary);
  }
}

/** Failures of the connection itself (refused, no route, name unknown, connect timeout). */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function neverConnected(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
  if (!cause) return false;
  if (cause.code && CONNECT_ERRORS.has(cause.code)) return true;
  // Happy-eyeballs connection attempts fail as an AggregateError of per-address errors.
  return Boolean(cause.errors?.length && cause.errors.every((e) => e.code && CONNECT_ERRORS.has(e.code)));
}
