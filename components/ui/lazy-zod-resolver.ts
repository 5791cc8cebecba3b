import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

/**
 * zodResolver(schema) for react-hook-form, with the schema (and zod, ~30 KB gzipped) loaded on
 * the first validation instead of with the page (issue 11: first-load JavaScript). The schema is
 * still the one the server action parses: `lazyZodResolver(() => import('@/lib/auth/schema').then((m) => m.loginSchema))`.
 * A form validates on blur or submit, so the download fits in the time the user takes to type.
 */
export function lazyZodResolver<T extends z4.$ZodType<unknown, FieldValues>>(loadSchema: () => Promise<T>): Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>> {
  type R = Resolver<z4.input<T> & FieldValues, unknown, z4.output<T>>;
  let resolver: Promise<R> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as R);
    return (await resolver)(values, context, options);
  };
}
