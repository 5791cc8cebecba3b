/**
 * Gmail, Yahoo and Microsoft treat a sender of about 5,000 mails a day to their users as a bulk
 * sender: SPF, DKIM and an aligned DMARC record become mandatory, and Gmail refuses such mail
 * outright when they are missing. A campaign to more recipients than this is refused until the
 * sending domain passes; a smaller one is sent with a warning.
 */
export const BULK_SENDER_THRESHOLD = 5_000;

/**
 * The mailbox providers' complaint-rate line: 0.3 % of delivered mail marked as spam. Kept as
 * a fraction of whole numbers (3 per 1,000) so the comparison never rounds.
 */
export const COMPLAINT_LINE = { complaints: 3, per: 1_000 } as const;

/** How long a stored check of the sending domain is reused before sending asks DNS again. */
export const DOMAIN_CHECK_REUSE_MS = 10 * 60 * 1000;

/** The key size of our DKIM keys: 2048-bit RSA, what the providers ask for (1024 is the minimum). */
export const DKIM_KEY_BITS = 2048;

/**
 * Free mailbox providers whose DMARC policy (p=reject or quarantine) makes every receiver refuse
 * mail that claims to be from them but comes from elsewhere: a merchant cannot send as them.
 */
export const FREE_MAILBOX_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.com.hk',
  'yahoo.co.jp',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  'aliyun.com',
  '139.com',
  'gmx.com',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'yandex.com',
  'netvigator.com',
];
