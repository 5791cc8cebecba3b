import { z } from 'zod';
import { isKeptLink } from '@/lib/sanitize/link-schemes';

/**
 * The link dialog's address. No action or route takes a link alone (the server sanitises the
 * whole HTML on save, lib/sanitize/html.ts), so the schema sits beside the dialog and asks what
 * the sanitiser keeps: an address it would drop is refused here rather than vanish on save.
 * Empty removes the link.
 */
export const linkSchema = z.object({ url: z.string().trim().refine(isKeptLink, 'validation.url') });
