import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { contacts } from '@/db/schema/contacts';
import { AppError } from '@/lib/errors/app-error';
import { displayName } from '@/lib/names/display-name';
import type { ServiceContext } from '@/lib/context';

/**
 * Refuses a second contact with the same e-mail or phone in the merchant. The error carries the
 * existing contact's id and name so the form can link to it.
 */
export async function assertNoDuplicate(ctx: ServiceContext, db: Pick<Db, 'select'>, values: { email: string | null; phone: string | null }, exceptId?: number): Promise<void> {
  const matches: SQL[] = [];
  if (values.email) matches.push(eq(contacts.email, values.email));
  if (values.phone) matches.push(eq(contacts.phone, values.phone));
  if (!matches.length) return;
  const rows = await db
    .select({ id: contacts.id, email: contacts.email, phone: contacts.phone, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.merchantId, ctx.merchantId), or(...matches), exceptId ? ne(contacts.id, exceptId) : undefined))
    .limit(2);
  const byEmail = values.email ? rows.find((r) => r.email === values.email) : undefined;
  const existing = byEmail ?? rows[0];
  if (!existing) return;
  throw duplicateError(ctx, existing, byEmail ? 'email' : 'phone');
}

export function duplicateError(ctx: ServiceContext, existing: { id: number; firstName: string; lastName: string }, field: 'email' | 'phone'): AppError {
  const name = displayName(existing, ctx.locale) || `#${existing.id}`;
  const key = field === 'email' ? 'contacts.errors.duplicateEmail' : 'contacts.errors.duplicatePhone';
  return new AppError('CONFLICT', key, {
    values: { name },
    fieldErrors: { [field]: key },
    details: { duplicateContactId: existing.id, duplicateField: field, duplicateUrl: `/contacts/${existing.id}` },
  });
}

/** A unique-index violation raced past the check above: which field collided. */
export function uniqueViolationField(error: unknown): 'email' | 'phone' | null {
  const e = error as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | null;
  const inner = (e?.cause ?? e) as { code?: string; constraint_name?: string; constraint?: string } | null;
  if (inner?.code !== '23505') return null;
  const constraint = inner.constraint_name ?? inner.constraint ?? '';
  if (constraint.includes('email')) return 'email';
  if (constraint.includes('phone')) return 'phone';
  return null;
}
