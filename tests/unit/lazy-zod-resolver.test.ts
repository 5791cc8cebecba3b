import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';

const schema = z.object({
  name: z.string().max(3, 'validation.tooLong'),
  tags: z.array(z.object({ label: z.string().min(2, 'validation.tooShort') })),
  email: z.string().email('validation.email'),
});
const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' as const };

describe('lazyZodResolver', () => {
  it("gives each error its message key and the values the key needs ({max}, {min})", async () => {
    const resolve = lazyZodResolver(async () => schema);
    const result = await resolve({ name: 'abcd', tags: [{ label: 'ok' }, { label: 'x' }], email: 'nope' }, undefined, options);
    const errors = result.errors as unknown as { name: { message: string; values: unknown }; email: { message: string; values?: unknown }; tags: { label: { message: string; values: unknown } }[] };
    expect(errors.name).toMatchObject({ message: 'validation.tooLong', values: { max: 3 } });
    expect(errors.tags[1].label).toMatchObject({ message: 'validation.tooShort', values: { min: 2 } });
    expect(errors.email.message).toBe('validation.email');
    expect(errors.email.values).toBeUndefined();
  });

  it('answers the parsed values when the input is valid', async () => {
    const resolve = lazyZodResolver(async () => schema);
    const result = await resolve({ name: 'abc', tags: [], email: 'a@b.co' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: 'abc', tags: [], email: 'a@b.co' });
  });
});
