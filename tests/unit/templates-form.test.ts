import { describe, expect, it } from 'vitest';
import { templateFormValues, templateResolver } from '@/components/templates/template-form';

const resolver = templateResolver((tokens) => `unknown: ${tokens}`);
const check = (values: ReturnType<typeof templateFormValues>) => resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the template editor form', () => {
  it('starts a new template with the fields of its type only', () => {
    expect(templateFormValues(null, 0)).toMatchObject({ type: 0, subject: '', scene: null, includeUnsubscribe: false, category: 'Reviews' });
    expect(templateFormValues(null, 1)).toMatchObject({ type: 1, subject: null, scene: 'subsequent', includeUnsubscribe: true });
  });

  it('passes a body the save takes, as the API body', async () => {
    const result = await check({ ...templateFormValues(null, 0), templateName: ' Hi ', subject: '{{first_name}}', content: '<p>Hello {{fullName}}</p>' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ templateName: 'Hi', type: 0, subject: '{{first_name}}', scene: null });
  });

  it('refuses unknown tokens of the subject or the content beside the content, named', async () => {
    const result = await check({ ...templateFormValues(null, 0), subject: '{{nope}}', content: 'Hi {{what}}' });
    expect(result.errors.content?.message).toBe('unknown: {{nope}}, {{what}}');
  });

  it('keeps the schema keys of the domain schema', async () => {
    const result = await check({ ...templateFormValues(null, 1), templateName: 'x'.repeat(101) });
    expect(result.errors.templateName?.message).toBe('validation.tooLong');
  });
});
