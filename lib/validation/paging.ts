import { z } from 'zod';

/** A value left empty (`?pageSize=`, a blank form field, JSON null) is read as not given. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The page number of a list, the same on every list (found from outside: an empty `pageNum=` fell
 * back to 1 on some lists and answered 400 on others, and some had no upper bound): 1 when left
 * out or empty, a whole number from 1 to `max`.
 */
export const pageNumber = (max = 100_000) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalid').min(1, 'validation.tooSmall').max(max, 'validation.tooBig').default(1));

/**
 * A page size: any whole number from 1 to `max`, or one of the list's `sizes` where its screen
 * offers a choice; the default when left out or empty.
 */
export const pageSizeOf = (options: { default: number } & ({ max: number } | { sizes: readonly number[]; message?: string })) => {
  const number = z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalid');
  const size =
    'sizes' in options
      ? number.refine((n) => options.sizes.includes(n), options.message ?? 'validation.invalidValue')
      : number.min(1, 'validation.tooSmall').max(options.max, 'validation.tooBig');
  return z.preprocess(blankToUndefined, size.default(options.default));
};
