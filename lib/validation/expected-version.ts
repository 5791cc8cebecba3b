import { z } from 'zod';
import { INT4_MAX } from './ids';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * An update's optimistic-concurrency field: the record's `version` as the client read it. Given
 * and no longer the stored one, the update is refused with nothing written (lib/errors/stale-edit.ts);
 * left out, the last write wins as before, for API clients older than the check.
 */
export const expectedVersion = () => z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalid').positive('validation.invalid').max(INT4_MAX, 'validation.invalid').optional());

/** The same for records versioned by their update time (`updatedAt`, `updateTime`): the instant as the client read it. */
export const expectedTime = () => z.preprocess(blankToUndefined, z.coerce.date({ error: 'validation.invalidFormat' }).optional());
