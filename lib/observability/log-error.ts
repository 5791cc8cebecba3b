import { errorFields, logger } from './logger';

/** Unexpected errors: logged with the request id the client received, never sent to it. */
export function logError(requestId: string, error: unknown): void {
  logger.error({ event: 'request.failed', requestId, err: errorFields(error, true) }, `request ${requestId} failed`);
}
