import { AppError } from './app-error';

/**
 * An update made from a copy older than the stored record (its `version` or update time):
 * refused, nothing written. `data.stale` lets clients (and the app's forms) offer a reload
 * without reading the message.
 */
export function staleEdit(): AppError {
  return new AppError('CONFLICT', 'errors.staleEdit', { details: { stale: true } });
}
