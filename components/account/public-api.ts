'use client';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

/** The public registration calls (no token): JSON in, the envelope out, never a throw. */
export async function postPublic<T>(path: string, body: unknown, locale: string): Promise<Envelope<T> & { status: number }> {
  try {
    const response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': locale },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const envelope = (await response.json()) as Envelope<T>;
    return { ...envelope, status: response.status };
  } catch {
    return { code: 0, msg: '', data: null, status: 0 };
  }
}

export function fieldErrorsOf(data: unknown): Record<string, string> {
  const errors = (data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
  return errors ?? {};
}
