import { AppError } from '@/lib/errors/app-error';
import { MULTIPART_OVERHEAD, readFormData } from '@/lib/http/read-body';
import { MAX_FILE_BYTES as MAX_IMPORT_BYTES } from '@/lib/spreadsheet/limits';

const MAX_REQUEST_BYTES = MAX_IMPORT_BYTES + MULTIPART_OVERHEAD;

/** The uploaded `file` of a multipart request (and the other fields); a body past 2 MB is refused as it arrives. */
export async function readUpload(request: Request): Promise<{ name: string; bytes: Uint8Array; fields: FormData }> {
  const form = await readFormData(request, MAX_REQUEST_BYTES, tooLarge);
  if (!form) throw new AppError('VALIDATION', 'contacts.import.errors.noFile');
  const file = form.get('file');
  // A browser sends an empty file input as a nameless empty part: "no file". A named empty file is a file.
  if (!file || typeof file === 'string' || (file.size === 0 && !file.name)) throw new AppError('VALIDATION', 'contacts.import.errors.noFile');
  if (file.size === 0) throw new AppError('VALIDATION', 'contacts.import.errors.empty');
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
  return { name: file.name || 'upload', bytes: new Uint8Array(await file.arrayBuffer()), fields: form };
}

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'contacts.import.errors.tooLarge', { values: { size: MAX_IMPORT_BYTES / (1024 * 1024) } });
}
