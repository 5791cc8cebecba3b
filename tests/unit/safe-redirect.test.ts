import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';

const BASE = 'https://app.starloop.test';

describe('where sign-in goes next (found from outside: /\\evil.example left the site)', () => {
  it('keeps paths of this site, with their query', () => {
    expect(safeRedirectPath('/contacts?page=2')).toBe('/contacts?page=2');
    expect(safeRedirectPath('/campaigns/campaigns#top')).toBe('/campaigns/campaigns#top');
  });

  it('refuses what a browser would read as another host, and anything not a string', () => {
    for (const target of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '\\\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', undefined, ['/a', '/b'], 42, `/${'a'.repeat(3000)}`]) {
      expect(safeRedirectPath(target)).toBe('/dashboard');
    }
  });

  it('never leaves the origin, whatever the string (as the browser resolves the Location)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('/', '//', '/\\', '/%2F', '/%5C', '/.', '/..').chain((p) => fc.string().map((s) => p + s))), (target) => {
        const path = safeRedirectPath(target);
        expect(path.startsWith('/')).toBe(true);
        expect(new URL(path, BASE).origin).toBe(BASE);
        // Single slash: a later redirect through the answer must not read it as a host.
        expect(path.startsWith('//')).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a path that resolves to two leading slashes (found from outside: /..//evil.example)', () => {
    for (const target of ['/..//evil.example', '/.//evil.example', '/a/../..//evil.example/login', '/..//evil.example?x=1']) {
      expect(safeRedirectPath(target), target).toBe('/dashboard');
    }
    fc.assert(
      fc.property(fc.constantFrom('/..', '/.', '/a/..', '/../..'), fc.webSegment(), (up, host) => {
        expect(safeRedirectPath(`${up}//${host}`).startsWith('//')).toBe(false);
      }),
    );
  });
});
