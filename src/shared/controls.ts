// Conversation controls (greetings, regenerate and swipe, edit, rewind, continue, rate): request
// shapes and limits shared by the server and the web app.
import { z } from 'zod';
import { MESSAGE_MAX_CHARS, type TChatLog } from './chat.ts';
import { ZRowId } from './ids.ts';
import { zFilledText } from './text.ts';

/** Alternatives one message keeps (regenerate refuses past this). */
export const ALTERNATIVES_MAX = 50;

const ZPosition = z.coerce.number().int().min(0).max(2_147_483_647);
export const ZMessageParams = z.object({ uuid: z.uuid('not a chat log uuid'), position: ZPosition });

/** PUT /api/chatlogs/{uuid}/messages/{position}: edit a message in place. */
export const ZEditMessage = z
  .object({
    content: zFilledText('A message', MESSAGE_MAX_CHARS),
  })
  .strict();

/** PUT /api/chatlogs/{uuid}/messages/{position}/choice: swipe to another alternative. */
export const ZChooseAlternative = z.object({ index: z.number().int().min(0).max(ALTERNATIVES_MAX) }).strict();

/** PUT /api/chatlogs/{uuid}/messages/{position}/rating: thumbs up, down, or none. */
export const ZRateMessage = z.object({ rating: z.enum(['up', 'down']).nullable() }).strict();
export type TRating = 'up' | 'down' | null;

/** POST .../regenerate and .../continue: which model path (as the send) and the switches. */
export const ZReplyAgain = z
  .object({
    kind: z.enum(['local', 'remote']).default('remote'),
    memoryEnabled: z.boolean().default(true),
    chainOfThoughtEnabled: z.boolean().default(false),
    isPlayingAudio: z.boolean().optional(),
  })
  .strict();
export type TReplyAgain = z.input<typeof ZReplyAgain>;

/** POST /api/chatlogs/greeting: start a chat whose first message is the character's (chosen) greeting. */
export const ZStartWithGreeting = z
  .object({
    characterId: ZRowId,
    greetingIndex: z.number().int().min(0).max(ALTERNATIVES_MAX).default(0),
  })
  .strict();

/** GET /api/character-personas/{id}/greetings: the greetings, filled in for the signed-in person. */
export type TGreetings = { greetings: string[] };

/** The controls' view of a stored message (added to each message the chat log returns). */
export type TMessageControls = {
  /** How many versions the message has (1 when it was never regenerated). */
  alternativeCount: number;
  /** Which version is shown (0-based). */
  chosen: number;
  rating: TRating;
  isGreeting: boolean;
};

/** What a control call answers: the chat's latest page of messages after the change. */
export type TControlResult = TChatLog;
