'use client';

/** A multipart POST with upload progress (fetch has none); answers the parsed envelope. */
export function postWithProgress<T>(url: string, form: FormData, locale: string, onUpload: (fraction: number) => void): Promise<{ ok: boolean; msg: string; data: T }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept-language', locale);
    xhr.upload.onprogress = (e) => e.lengthComputable && onUpload(e.loaded / e.total);
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { code: number; msg: string; data: T };
        resolve({ ok: xhr.status === 200 && Number(body.code) === 200, msg: body.msg, data: body.data });
      } catch {
        resolve({ ok: false, msg: '', data: null as T });
      }
    };
    xhr.onerror = () => resolve({ ok: false, msg: '', data: null as T });
    xhr.send(form);
  });
}

/** The rejected rows as a CSV (UTF-8 with BOM so Excel shows Chinese), downloaded by the browser. */
export function downloadRejected(fileName: string, headers: string[], rows: { row: number; reason: string; cells: string[] }[], labels: { row: string; reason: string }) {
  const escape = (v: string) => {
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [[labels.row, labels.reason, ...headers], ...rows.map((r) => [String(r.row), r.reason, ...r.cells])].map((r) => r.map(escape).join(','));
  const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
