// The one schema for stored text: every text a person sends goes through it, so a NUL is a 400, never a 500.
import { z } from 'zod';

/** Text without NUL characters (PostgreSQL cannot store them). Chain .min/.max/.trim as usual. */
export const ZText = z.string().regex(/^[^\u0000]*$/, 'must not contain NUL characters');
