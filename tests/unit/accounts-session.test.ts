import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefreshTimeout, expiresWithin, refreshMarginSeconds, singleFlight, throttle } from '@/components/session/refresh-schedule';
import { ACCESS_TOKEN_TTL_SECONDS } from '@/lib/auth/tokens';
import { statusLabelOf, subscriptionStatusOf } from '@/lib/subscription/plans';
import { isCommonPassword } from '@/lib/auth/common-passwords';
import { registerSchema } from '@/lib/auth/schema';
import { SESSION_ENDED_COOKIE, hasSessionCookie, signInPathFor } from '@/lib/auth/session-cookie';
import { loginRefusalMessage, loginRefusalOf } from '@/lib/auth/login-refusal';
import { tooManyRequests } from '@/lib/rate-limit/rate-limit';
import { AppError } from '@/lib/errors/app-error';
import { translatorFor } from '@/lib/i18n/translator';

afterEach(() => vi.useRealTimers());

describe('browser session schedule (spec section 9)', () => {
  it('refreshes when the access token expires within 15 minutes', () => {
    const now = Date.UTC(2026, 10, 1, 8, 0, 0);
    expect(expiresWithin(now / 1000 + 16 * 60, now)).toBe(false);
    expect(expiresWithin(now / 1000 + 15 * 60, now)).toBe(true);
    expect(expiresWithin(now / 1000 - 1, now)).toBe(true);
    expect(expiresWithin(null, now)).toBe(true);
  });

  it('refreshes on a page load or activity only within a minute of expiry, not on every navigation', () => {
    const now = Date.UTC(2026, 10, 1, 8, 0, 0);
    // A fresh access token (15 minutes) is not refreshed by the next page load...
    const fresh = now / 1000 + ACCESS_TOKEN_TTL_SECONDS;
    expect(expiresWithin(fresh, now + 60_000, refreshMarginSeconds('activity'))).toBe(false);
    expect(expiresWithin(fresh, now + (ACCESS_TOKEN_TTL_SECONDS - 59) * 1000, refreshMarginSeconds('activity'))).toBe(true);
    // ...but the 10-minute timer looks 15 minutes ahead: it may not run again before expiry.
    expect(refreshMarginSeconds('periodic')).toBe(15 * 60);
    expect(refreshMarginSeconds('activity')).toBe(60);
  });

  it('lets activity checks through once per 5 minutes', () => {
    let clock = 0;
    const allowed = throttle(5 * 60 * 1000, () => clock);
    expect(allowed()).toBe(true);
    clock += 4 * 60 * 1000;
    expect(allowed()).toBe(false);
    clock += 61 * 1000;
    expect(allowed()).toBe(true);
  });

  it('shares one refresh between concurrent callers', async () => {
    let calls = 0;
    let finish!: (v: number) => void;
    const refresh = singleFlight(() => {
      calls++;
      return new Promise<number>((resolve) => (finish = resolve));
    });
    const a = refresh();
    const b = refresh();
    finish(42);
    await expect(Promise.all([a, b])).resolves.toEqual([42, 42]);
    expect(calls).toBe(1);
    // After it settles, the next call starts a new refresh.
    const c = refresh();
    finish(43);
    await expect(c).resolves.toBe(43);
    expect(calls).toBe(2);
  });

  it('gives up waiting for a refresh in progress after 5 s', async () => {
    vi.useFakeTimers();
    const refresh = singleFlight(() => new Promise<number>(() => {}));
    void refresh();
    const waiter = refresh();
    const assertion = expect(waiter).rejects.toBeInstanceOf(RefreshTimeout);
    await vi.advanceTimersByTimeAsync(5000);
    await assertion;
  });
});

describe('plans (spec section 3)', () => {
  const now = new Date('2026-11-01T00:00:00Z');
  it.each([
    ['TRIAL_ACTIVE', new Date('2026-11-10T00:00:00Z'), 'trial', 'TRIAL_ACTIVE'],
    ['TRIAL_ACTIVE', new Date('2026-10-10T00:00:00Z'), 'expired', 'EXPIRED'],
    ['basic', null, 'basic', 'basic'],
    ['STANDARD', null, 'standard', 'STANDARD'],
    ['premium', null, 'premium', 'premium'],
    ['pro', null, 'pro', 'pro'],
    ['enterprise', null, 'enterprise', 'enterprise'],
    ['expired', null, 'expired', 'expired'],
    ['GOLD_ANNUAL', null, 'paid', 'GOLD_ANNUAL'],
    ['NONE', null, 'none', 'NONE'],
  ] as const)('%s -> %s', (stored, end, plan, currentStatus) => {
    expect(subscriptionStatusOf(stored, end, now)).toMatchObject({ plan, currentStatus });
  });
  it('counts trial days left and offers a trial only to a merchant without one', () => {
    expect(subscriptionStatusOf('TRIAL_ACTIVE', new Date('2026-11-15T00:00:00Z'), now)).toMatchObject({ trialing: true, trialDaysLeft: 14, canStartTrial: false });
    expect(subscriptionStatusOf('NONE', null, now).canStartTrial).toBe(true);
    expect(subscriptionStatusOf('NONE', new Date('2026-10-01T00:00:00Z'), now).canStartTrial).toBe(false);
  });
  it('labels the status for the plan card without showing the stored code', () => {
    const label = (stored: string, end: Date | null) => statusLabelOf(subscriptionStatusOf(stored, end, now).plan);
    expect(label('TRIAL_ACTIVE', new Date('2026-11-10T00:00:00Z'))).toBe('trialing');
    expect(label('TRIAL_ACTIVE', new Date('2026-10-10T00:00:00Z'))).toBe('expired');
    expect(['basic', 'pro', 'GOLD_ANNUAL'].map((s) => label(s, null))).toEqual(['active', 'active', 'active']);
    expect(label('NONE', null)).toBe('none');
  });
});

describe('registration rules (spec section 5)', () => {
  const base = { verificationToken: 'x', userName: 'Amy', merchantName: 'Amy Bakes', address: '1 Road', password: 'Sourdough-77', confirmPassword: 'Sourdough-77' };
  it('refuses short, long and common passwords and a mismatch', () => {
    const issues = (over: object) => registerSchema.safeParse({ ...base, ...over }).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(issues({ password: 'Ab1!', confirmPassword: 'Ab1!' })).toEqual(['password:accounts.validation.passwordShort']);
    expect(issues({ password: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) })).toEqual(['password:accounts.validation.passwordLong']);
    expect(issues({ password: 'Password123', confirmPassword: 'Password123' })).toEqual(['password:accounts.validation.passwordCommon']);
    expect(issues({ confirmPassword: 'Sourdough-78' })).toEqual(['confirmPassword:accounts.validation.passwordMismatch']);
    expect(issues({ serviceEmail: '', phone: '' })).toEqual([]);
    expect(issues({ phone: '+86 (21) 6288-1234' })).toEqual([]);
    // The schema checks the typed shape; whether the number exists is the service's (lib/phone/read.ts).
    expect(issues({ phone: '12345' })).toEqual(['phone:validation.phone']);
    expect(isCommonPassword('QWERTY123')).toBe(true);
  });
});

describe('refresh failures and the sign-in page (spec section 8)', () => {
  it('says the sign-in expired only when the browser still sends a session cookie', () => {
    expect(signInPathFor([])).toBe('/login');
    expect(signInPathFor(['NEXT_LOCALE', 'authjs.csrf-token', 'authjs.callback-url'])).toBe('/login');
    expect(signInPathFor(['authjs.session-token'])).toBe('/login?expired=1');
    // The proxy's mark after it cleared a dead cookie (a prefetch may have met it first).
    expect(signInPathFor([SESSION_ENDED_COOKIE])).toBe('/login?expired=1');
    expect(hasSessionCookie(['__Secure-authjs.session-token'])).toBe(true);
    expect(hasSessionCookie(['authjs.session-token.0', 'authjs.session-token.1'])).toBe(true);
    expect(hasSessionCookie(['xauthjs.session-token', 'authjs.session-token-old'])).toBe(false);
  });

  it('gives the login form the wait of a rate-limited sign-in, in every language', () => {
    const refusal = loginRefusalOf(tooManyRequests(754, 'accounts.errors.loginRateLimited'));
    expect(refusal).toEqual({ code: 'rate_limited', retryAfter: 754 });
    expect(loginRefusalMessage(refusal, translatorFor('en-US'))).toBe('Too many attempts; try again in 754 seconds');
    expect(loginRefusalMessage(refusal, translatorFor('zh-CN'))).toContain('754');
    expect(loginRefusalMessage(refusal, translatorFor('zh-HK'))).toContain('754');
    // Without a known wait, the general message; a wrong password stays vague.
    expect(loginRefusalMessage({ code: 'rate_limited' }, translatorFor('en-US'))).toBe('Too many attempts, please try again later');
    expect(loginRefusalOf(new AppError('LOGIN_ERROR'))).toEqual({ code: 'bad_credentials' });
  });
});
