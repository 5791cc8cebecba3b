import crypto from 'node:crypto';
import { GBP_SCOPE, type GoogleConfig } from './config';
import { ProviderError, RevokedGrantError } from './types';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scopes: string[];
}

/** PKCE (RFC 7636): a 43-character verifier and its S256 challenge. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

export function newState(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function authorizeUrl(config: GoogleConfig, state: string, challenge: string): string {
  const url = new URL(config.authUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: 'code',
    scope: GBP_SCOPE,
    // offline + consent: Google returns a refresh token every time, also on a reconnect.
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

export async function exchangeCode(config: GoogleConfig, code: string, verifier: string, now: Date): Promise<TokenSet> {
  return tokenRequest(config, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: config.redirectUri }, now);
}

export async function refreshAccessToken(config: GoogleConfig, refreshToken: string, now: Date): Promise<TokenSet> {
  const tokens = await tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
  // Google keeps the refresh token unless it sends a new one.
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/** Best effort: a failed revoke must not stop the merchant from disconnecting. */
export async function revokeToken(config: GoogleConfig, token: string): Promise<void> {
  if (!config.revokeUrl) return;
  await fetch(config.revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
}

async function tokenRequest(config: GoogleConfig, params: Record<string, string>, now: Date): Promise<TokenSet> {
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...params, client_id: config.clientId, client_secret: config.clientSecret }).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    if (body.error === 'invalid_grant') throw new RevokedGrantError(String(body.error_description ?? 'invalid_grant'));
    throw new ProviderError(response.status, String(body.error ?? 'token request failed'));
  }
  if (typeof body.access_token !== 'string') throw new ProviderError(502, 'token answer without access_token');
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
    scopes: typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : [],
  };
}
