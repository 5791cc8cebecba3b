/** The product's public base address (APP_URL, default http://127.0.0.1:3000), no trailing slash. */
export function appUrl(): string {
  return (process.env.APP_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
}

/** The absolute address of a public article or of a file path shown on it. */
export function absoluteUrl(path: string): string {
  return `${appUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}
