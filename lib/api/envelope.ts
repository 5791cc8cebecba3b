import crypto from 'node:crypto';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T | null;
  respCode: number;
  respMsg: string;
  requestId: string;
}

/** 16 hex characters. randomUUID draws from a cached entropy pool; randomBytes(8) asked the system each time. */
export function newRequestId(): string {
  const uuid = crypto.randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13) + uuid.slice(14, 18);
}

export function envelopeResponse<T>(status: number, code: number, msg: string, data: T | null, requestId: string, headers: Record<string, string> = {}): Response {
  const body: Envelope<T> = { code, msg, data, respCode: code, respMsg: msg, requestId };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': requestId,
      ...headers,
    },
  });
}
