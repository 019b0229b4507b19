// The one schema for stored text: every text a person sends goes through it, so a NUL is a 400, never a 500.
import { z } from 'zod';

// Built from a string so the pattern holds no literal control character.
const NO_NUL = new RegExp(`^[^${String.fromCharCode(0)}]*$`);
const NUL_MESSAGE = 'must not contain NUL characters';

/** ZText with its own message for a missing or non-string value (e.g. 'Name is required'). */
export const zText = (message?: string) => z.string(message).regex(NO_NUL, NUL_MESSAGE);

/** Text without NUL characters (PostgreSQL cannot store them). Chain .min/.max/.trim as usual. */
export const ZText = zText();

/** Trimmed text that must hold something, and at most `max` characters: '<what> cannot be empty', '<what> is at most <max> characters'. */
export const zFilledText = (what: string, max: number) =>
  ZText.trim().min(1, `${what} cannot be empty`).max(max, `${what} is at most ${max} characters`);

/** Whether a value holds a NUL anywhere (for documents such as imported cards that keep unknown fields). */
export const hasNul = (value: unknown): boolean => JSON.stringify(value ?? null).includes('\\u0000');
