import { setting } from './settings';

type Env = Record<string, string | undefined>;

export type MailTransportMode = 'smtp' | 'outbox';

/**
 * Which transport e-mail goes through. MAIL_TRANSPORT=outbox keeps every message in the outbox
 * even when SMTP_URL is set (a staging copy); =smtp or unset uses SMTP_URL when set. Unset with
 * no SMTP_URL is the outbox too: allowed in development and local evaluation, refused at a
 * production start (lib/config/production-checks.ts), so production never "sends" into a table
 * without having said so.
 */
export function mailTransportMode(env: Env = process.env): MailTransportMode {
  if (env.MAIL_TRANSPORT?.trim() === 'outbox') return 'outbox';
  return setting('smtpUrl', env) ? 'smtp' : 'outbox';
}
