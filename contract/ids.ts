import { z } from 'zod';

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id in an address, as decimal digits only: "16", never "0x10", "1e1", "+16",
 * " 16", "16.0" or "016". One record has one address, and nothing that merely converts
 * to a number (as Number() and z.coerce do) names a record. See decision 0015.
 */
export const recordIdSchema = (message = 'Not found') =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= MAX_RECORD_ID, message);
