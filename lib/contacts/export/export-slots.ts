import { tooManyRequests } from '@/lib/rate-limit/rate-limit';

/**
 * Contact exports running at once in this process: 2 per merchant, 4 in all. Found from outside
 * (many merchants on one host): eight exports of 120,000 contacts at once took ~750 MB and made
 * every other merchant's list pages take seconds, and nothing limited them. Memory and the event
 * loop are the process's, so the count is too. A slot is given back when its file has been read
 * to the end, or the download is cancelled, or after 10 minutes whatever happened.
 */
const PER_MERCHANT = 2;
const PER_PROCESS = 4;
const SLOT_MAX_MS = 10 * 60_000;
const running = new Map<number, number>();
let total = 0;

/** A slot for one export, or a 429 saying to try again shortly. */
export function takeExportSlot(merchantId: number): () => void {
  if ((running.get(merchantId) ?? 0) >= PER_MERCHANT || total >= PER_PROCESS) throw tooManyRequests(10, 'contacts.errors.exportBusy');
  running.set(merchantId, (running.get(merchantId) ?? 0) + 1);
  total++;
  let given = false;
  const give = () => {
    if (given) return;
    given = true;
    clearTimeout(timer);
    total--;
    const left = (running.get(merchantId) ?? 1) - 1;
    if (left > 0) running.set(merchantId, left);
    else running.delete(merchantId);
  };
  const timer = setTimeout(give, SLOT_MAX_MS);
  timer.unref?.();
  return give;
}

/** The stream as it is, giving the slot back when it ends, fails or is cancelled. */
export function holdingSlot(stream: ReadableStream<Uint8Array>, give: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          give();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        give();
        controller.error(error);
      }
    },
    async cancel(reason) {
      give();
      await reader.cancel(reason);
    },
  });
}
