'use server';

import { z } from 'zod';
import { templateCategories } from '@/db/schema/templates';
import { authedAction } from '@/lib/auth/authed-action';
import { draftTemplate } from './draft-template';

/** The template editor's AI draft: writes nothing (saving it goes through the template's own action). */
export const draftTemplateAction = authedAction(
  z.object({ category: z.enum(templateCategories), type: z.union([z.literal(0), z.literal(1)]), locale: z.enum(['zh-CN', 'en-US', 'zh-HK']) }),
  ({ user }, input) => draftTemplate({ ...input, merchantName: user.merchantName }),
);
