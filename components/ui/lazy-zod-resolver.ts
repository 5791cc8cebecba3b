import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

/**
 * zodResolver(schema) for react-hook-form, with the schema (and zod, ~30 KB gzipped) loaded on
 * the first validation instead of with the page (issue 11: first-load JavaScript). The schema is
 * still the one the server action parses: `lazyZodResolver(() => import('@/lib/auth/schema').then((m) => m.loginSchema))`.
 * A form validates on blur or submit, so the download fits in the time the user takes to type.
 *
 * Each error also carries the values its message key needs (`validation.tooLong`'s `{max}`), as
 * the server's translation of the same issue does (lib/validation/issues.ts): useFieldMessage
 * passes them on.
 */
export function lazyZodResolver<T extends z4.$ZodType<unknown, FieldValues>>(loadSchema: () => Promise<T>): Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>> & { preload: () => void } {
  type R = Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>>;
  let loaded: Promise<{ resolve: R; valuesOf: (values: unknown) => Promise<Map<string, Record<string, string | number>>> }> | null = null;
  const load = () =>
    (loaded ??= Promise.all([import('@hookform/resolvers/zod'), import('@/lib/validation/issues'), import('zod/v4/core'), loadSchema()]).then(([{ zodResolver }, { issueMessageKey, issuePath }, core, schema]) => ({
      resolve: zodResolver(schema as never) as unknown as R,
      valuesOf: async (input: unknown) => {
        const parsed = await core.safeParseAsync(schema, input);
        const byPath = new Map<string, Record<string, string | number>>();
        for (const issue of parsed.success ? [] : parsed.error.issues) {
          const path = issuePath(issue);
          const found = issueMessageKey(issue).values;
          if (found && Object.keys(found).length && !byPath.has(path)) byPath.set(path, found);
        }
        return byPath;
      },
    })).catch((error: unknown) => {
      loaded = null; // a failed download is tried again by the next validation
      throw error;
    }));
  const resolver: R = async (values, context, options) => {
    const { resolve, valuesOf } = await load();
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length) {
      for (const [path, found] of await valuesOf(values)) {
        const error = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], result.errors) as { values?: unknown } | undefined;
        if (error && typeof error === 'object') error.values = found;
      }
    }
    return result;
  };
  // Loaded ahead (a dialog that opens): its first submit then validates without waiting for the network.
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
