import crypto from 'node:crypto';

/** A form's parameters; a name Twilio sent more than once holds all its values. */
export type TwilioParams = Record<string, string | string[]>;

/**
 * Twilio's request signature: base64(HMAC-SHA1(authToken, url + each POST parameter's name and
 * value, sorted by name; a repeated name once per distinct value, values sorted)), as the official
 * helper library computes it. Webhooks without a valid X-Twilio-Signature are refused.
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => {
      const value = params[key];
      const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
      return values.reduce((a, v) => a + key + v, acc);
    }, url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * Checks the signature against the URL as given and, like the official library, the same URL with
 * the scheme's default port added or removed (Twilio signs the address as it was configured), and
 * with the apostrophes a parsed URL escapes in its query (%27) as typed: the one character of that
 * kind a URL-encoded query keeps literal.
 */
export function isValidTwilioSignature(authToken: string, url: string, params: TwilioParams, signature: string | null): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  const typed = url.replace(/\?.*$/s, (query) => query.replaceAll('%27', "'"));
  const candidates = new Set([...portVariants(url), ...portVariants(typed)]);
  return [...candidates].some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}

function portVariants(url: string): string[] {
  const match = /^(https?:\/\/)([^/?#:]+)(:\d+)?(.*)$/is.exec(url);
  if (!match) return [url];
  const [, scheme, host, port, rest] = match;
  const standard = scheme.toLowerCase() === 'https://' ? ':443' : ':80';
  if (port && port !== standard) return [url];
  return [`${scheme}${host}${rest}`, `${scheme}${host}${standard}${rest}`];
}
