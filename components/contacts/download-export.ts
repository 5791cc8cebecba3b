import { notify } from '@/lib/notify/notify';

/**
 * Downloads an export through fetch, so a refusal (429 "three exports in a minute", a 503) shows
 * its message instead of being saved as a file holding the error envelope; the file keeps the
 * server's name (Content-Disposition's filename*).
 */
export async function downloadExport(href: string, fallbackName: string, failedMessage: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: 'same-origin' });
  } catch {
    notify.warning(failedMessage);
    return;
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { msg?: string } | null;
    notify.warning(envelope?.msg || failedMessage);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function fileNameOf(disposition: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? null;
}
