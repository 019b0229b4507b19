// The one schema for stored text: every text a person sends goes through it, so a NUL is a 400, never a 500.
import { z } from 'zod';

// Built from a string so the pattern holds no literal control character.
const NO_NUL = new RegExp(`^[^${String.fromCharCode(0)}]*$`);

/** Text without NUL characters (PostgreSQL cannot store them). Chain .min/.max/.trim as usual. */
export const ZText = z.string().regex(NO_NUL, 'must not contain NUL characters');
