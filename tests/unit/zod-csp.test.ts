import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { makeZodJitless } from '@/lib/security/zod-csp';

// lib/security/zod-csp.ts sets zod's jitless mode without importing zod (first-load JavaScript):
// this fails if a zod upgrade stops reading the settings object it keeps on globalThis.
describe('zod jitless in the browser (lib/security/zod-csp.ts)', () => {
  it('is seen by zod when set after zod has loaded', () => {
    expect(config().jitless).not.toBe(true);
    makeZodJitless();
    expect(config().jitless).toBe(true);
  });

  it('creates the settings object zod adopts when set before zod loads', () => {
    const scope: Record<string, unknown> = {};
    makeZodJitless(scope);
    expect(scope.__zod_globalConfig).toEqual({ jitless: true });
  });
});
