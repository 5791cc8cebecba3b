import { AppError } from '@/lib/api/app-error';
import { MAX_FILE_BYTES as MAX_IMPORT_BYTES } from '@/lib/spreadsheet/limits';

// Multipart overhead on top of the 2 MB file.
const MAX_REQUEST_BYTES = MAX_IMPORT_BYTES + 64 * 1024;

/** The uploaded `file` of a multipart request (and the other fields), refusing an oversized body first. */
export async function readUpload(request: Request): Promise<{ name: string; bytes: Uint8Array; fields: FormData }> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_REQUEST_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'contacts.import.errors.tooLarge', { values: { size: 2 } });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError('VALIDATION', 'contacts.import.errors.noFile');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string' || file.size === 0) throw new AppError('VALIDATION', 'contacts.import.errors.noFile');
  if (file.size > MAX_IMPORT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'contacts.import.errors.tooLarge', { values: { size: 2 } });
  return { name: file.name || 'upload', bytes: new Uint8Array(await file.arrayBuffer()), fields: form };
}
