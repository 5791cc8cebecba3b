/** Escapes text for HTML bodies of product e-mails. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * White text needs the brand's 700 step (#2b6cb0, 5.4:1), as in the app (app/globals.css): on the
 * spec's #409eff it has 2.8:1, below WCAG AA even for large text.
 */
export const BRAND_ON_WHITE = '#2b6cb0';

/** A product e-mail's one action: a button, and its address written out for clients that hide links. */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:${BRAND_ON_WHITE};color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p><p style="word-break:break-all;color:#6b7280">${escapeHtml(href)}</p>`;
}

/**
 * The frame of product e-mails (codes, verification links): inline styles only, since mail
 * clients drop style sheets. `body` is trusted HTML built by our code.
 */
export function productEmailHtml(options: { title: string; body: string; footer: string }): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f7fa;font-family:-apple-system,Segoe UI,Helvetica,Arial,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:600;color:${BRAND_ON_WHITE};padding-bottom:16px">StarLoop</td></tr>
<tr><td style="font-size:18px;font-weight:600;padding-bottom:12px">${escapeHtml(options.title)}</td></tr>
<tr><td style="font-size:14px;line-height:1.6">${options.body}</td></tr>
<tr><td style="font-size:12px;color:#6b7280;padding-top:24px">${escapeHtml(options.footer)}</td></tr>
</table></td></tr></table></body></html>`;
}
