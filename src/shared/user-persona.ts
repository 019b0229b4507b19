// The user persona: who the person says they are, in their own words (a line or two on /profile), told to
// every character. "Persona" alone is the spec's word for a character; this is always the *user* persona.
import { z } from 'zod';
import { ZText } from './text.ts';

/** A user persona is a short line or two about the person. */
export const USER_PERSONA_MAX_CHARS = 500;

/** PUT /api/persona (the call keeps its name; its body field is `persona`). */
export const ZUserPersonaBody = z
  .object({
    persona: ZText.trim().max(
      USER_PERSONA_MAX_CHARS,
      `A persona is at most ${USER_PERSONA_MAX_CHARS} characters`,
    ),
  })
  .strict();
export type TUserPersonaBody = { persona: string };
