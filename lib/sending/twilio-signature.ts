import crypto from 'node:crypto';

/** A form's parameters; a name Twilio sent more than once holds all its values. */
export type TwilioParams = Record<string, string | string[]>;

/** The HMACs Twilio signs webhooks with: SHA-1 with the Auth Token, or SHA-256 with a Webhooks Rule's SharedKey. */
export type TwilioSignatureHash = 'sha1' | 'sha256';

/**
 * The hash named by X-Twilio-Webhooks-Signature-Settings (`key=…,algorithm=HMAC_SHA256`), read as
 * the official library reads it: absent, or without `algorithm=`, is the Auth Token's HMAC_SHA1;
 * null for an algorithm we do not know (refused, never guessed).
 */
export function twilioSignatureHash(settingsHeader: string | null): TwilioSignatureHash | null {
  for (const part of (settingsHeader ?? '').split(',')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== 'algorithm') continue;
    const algorithm = part.slice(separator + 1).trim().toUpperCase();
    if (!algorithm || algorithm === 'HMAC_SHA1') return 'sha1';
    return algorithm === 'HMAC_SHA256' ? 'sha256' : null;
  }
  return 'sha1';
}

/**
 * Twilio's request signature: base64(HMAC(secret, url + each POST parameter's name and value,
 * sorted by name; a repeated name once per distinct value, values sorted)), as the official helper
 * library computes it. Webhooks without a valid X-Twilio-Signature are refused.
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams, hash: TwilioSignatureHash = 'sha1'): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => {
      const value = params[key];
      const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
      return values.reduce((a, v) => a + key + v, acc);
    }, url);
  return crypto.createHmac(hash, authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * Checks the signature against the URL as given and, like the official library, the same URL with
 * the scheme's default port added or removed (Twilio signs the address as it was configured), and
 * with the apostrophes a parsed URL escapes in its query (%27) as typed: the one character of that
 * kind a URL-encoded query keeps literal.
 */
export function isValidTwilioSignature(authToken: string, url: string, params: TwilioParams, signature: string | null, hash: TwilioSignatureHash = 'sha1'): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  const typed = url.replace(/\?.*$/s, (query) => query.replaceAll('%27', "'"));
  const candidates = new Set([...portVariants(url), ...portVariants(typed)]);
  return [...candidates].some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params, hash));
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
