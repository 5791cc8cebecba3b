/** Escapes text for HTML bodies of product e-mails. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * The frame of product e-mails (codes, verification links): inline styles only, since mail
 * clients drop style sheets. `body` is trusted HTML built by our code.
 */
export function productEmailHtml(options: { title: string; body: string; footer: string }): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f7fa;font-family:-apple-system,Segoe UI,Helvetica,Arial,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:600;color:#409eff;padding-bottom:16px">StarLoop</td></tr>
<tr><td style="font-size:18px;font-weight:600;padding-bottom:12px">${escapeHtml(options.title)}</td></tr>
<tr><td style="font-size:14px;line-height:1.6">${options.body}</td></tr>
<tr><td style="font-size:12px;color:#6b7280;padding-top:24px">${escapeHtml(options.footer)}</td></tr>
</table></td></tr></table></body></html>`;
}
