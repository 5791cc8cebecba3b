import { z } from 'zod';
import { smsScenes, templateCategories } from '@/db/constants/templates';
import { MAX_NAME_LENGTH, MAX_SUBJECT_LENGTH } from './limits';
import { pageNumber, pageSizeOf } from '@/lib/validation/paging';
import { expectedVersion } from '@/lib/validation/expected-version';

// Client components import these from ./limits instead: this module would bring zod into their pages.
export { MAX_NAME_LENGTH, MAX_SMS_LENGTH, MAX_SUBJECT_LENGTH, TEMPLATE_LIST_PAGE_SIZES } from './limits';

/** 0 EMAIL, 1 SMS; also accepted as "0"/"1" (query strings, older clients). */
const templateType = z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)]));

/**
 * A flag of the spec's API: true/false, or 1/0 as the spec writes its flags (type 0/1); anything
 * else (2, "yes", "1") is refused.
 */
const apiFlag = z.union([z.boolean(), z.literal(1).transform(() => true), z.literal(0).transform(() => false)], { error: 'validation.invalidValue' });

/** Body of POST /campaign/template and PUT /campaign/template/{id} (spec section 7). */
export const templateBodySchema = z.object({
  templateName: z.string().trim().max(MAX_NAME_LENGTH, 'validation.tooLong').nullish(),
  description: z.string().trim().max(500, 'validation.tooLong').nullish(),
  type: templateType,
  subject: z.string().trim().max(MAX_SUBJECT_LENGTH, 'validation.tooLong').nullish(),
  content: z.string().max(500_000, 'validation.tooLong').default(''),
  contentText: z.string().max(100_000, 'validation.tooLong').nullish(),
  isDefault: apiFlag.nullish(),
  category: z.enum(templateCategories).nullish(),
  scene: z.enum(smsScenes).nullish(),
  includeUnsubscribe: z.boolean().nullish(),
  /** Optional language tag of the template (zh-CN, en-US, zh-HK). */
  locale: z.enum(['zh-CN', 'en-US', 'zh-HK']).nullish(),
  /** Update only: the `version` the client read; a newer template refuses the update (409). */
  version: expectedVersion(),
});
export type TemplateBody = z.infer<typeof templateBodySchema>;

export const templateListQuerySchema = z.object({
  /** 0/1, or email/text as the page's query names them. */
  type: z
    .union([z.enum(['email', 'text', 'sms']).transform((v) => (v === 'email' ? 0 : 1)), templateType])
    .optional(),
  pageNum: pageNumber(),
  pageSize: pageSizeOf({ max: 100, default: 100 }),
  keyword: z.string().trim().max(100).optional(),
  category: z.enum(templateCategories).optional(),
  /** Common templates: of the request's language (default), of every language, or none. */
  common: z.enum(['locale', 'all', 'none']).default('locale'),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

export const templateIdSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
