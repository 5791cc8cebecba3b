import { z } from 'zod';

/** The largest id an integer column holds (PostgreSQL int4). */
export const INT4_MAX = 2_147_483_647;

/**
 * A row id from a path, a query or a body: a whole number from 1 to INT4_MAX. Past the column's
 * range the database itself refused it, with no field named (found from outside); here the
 * refusal is beside the field, like any other.
 */
export const rowId = () => z.coerce.number({ error: 'validation.invalidType' }).int('validation.invalid').positive('validation.invalid').max(INT4_MAX, 'validation.tooBig');
