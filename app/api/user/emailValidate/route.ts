import { route } from '@/lib/api/route';
import { assertEmailAvailable } from '@/lib/auth/registration';
import { emailOnlySchema } from '@/lib/auth/schema';

/** Is the e-mail free? 200 { available: true }, or 488 "email has been registered". */
export const POST = route({ auth: 'public', body: emailOnlySchema }, async (ctx, { body }) => {
  await assertEmailAvailable(ctx.db, body.email);
  return { available: true };
});
