export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T | null;
  respCode: number;
  respMsg: string;
  requestId: string;
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
