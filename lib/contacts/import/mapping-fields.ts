import { AppError } from '@/lib/errors/app-error';

/**
 * The import's mapping as a multipart request carries it beside the file (`columns` and
 * `conflicts` as JSON, `locationId`, `encoding` and `conflictChoice` as text), ready for the
 * importMapping schema. The check and the import read it alike.
 */
export function mappingFields(fields: FormData): unknown {
  return {
    columns: json(fields.get('columns'), []),
    conflicts: json(fields.get('conflicts'), []),
    locationId: fields.get('locationId') || null,
    encoding: fields.get('encoding') || undefined,
    conflictChoice: fields.get('conflictChoice') || undefined,
  };
}

function json(value: FormDataEntryValue | null, fallback: unknown): unknown {
  if (value === null || value === '') return fallback;
  try {
    return JSON.parse(String(value));
  } catch {
    throw new AppError('BAD_REQUEST', 'errors.badJson');
  }
}
