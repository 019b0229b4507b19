// Column helpers the tables share.
import { timestamp } from 'drizzle-orm/pg-core';

/** Every time in the schema is a `timestamp with time zone`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `created_at` and `updated_at`, both set to now when the row is made. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
