import { describe, expect, it } from 'vitest';
import { createFormControl } from 'react-hook-form';
import { postResolver } from '@/components/posts/post-form';
import type { EditorValues } from '@/components/posts/editor-values';
import type { PostInput } from '@/lib/posts/schema';

const saved: EditorValues = { title: 'Spring menu', summary: '', coverFileId: null, body: '<p>Hello</p>', locale: 'zh-CN' };

async function submit(values: Partial<EditorValues>) {
  const form = createFormControl<EditorValues, unknown, PostInput>({ defaultValues: saved, resolver: postResolver });
  for (const [name, value] of Object.entries(values)) form.setValue(name as keyof EditorValues, value as never);
  let outcome: { values?: unknown; errors?: Record<string, unknown> } = {};
  await form.handleSubmit(
    (v) => void (outcome = { values: v }),
    (e) => void (outcome = { errors: Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v?.message])) }),
  )();
  return outcome;
}

describe('the post editor form', () => {
  it('sends what the domain schema makes of the values', async () => {
    expect(await submit({ title: '  Spring menu  ', coverFileId: '12' })).toEqual({ values: { ...saved, coverFileId: '12' } });
  });

  it('keeps the schema message keys beside the fields', async () => {
    expect(await submit({ title: ' ', coverFileId: 'abc' })).toEqual({ errors: { title: 'validation.required', coverFileId: 'validation.invalidFormat' } });
  });
});
