// Voice shapes shared by the server and the web app: the settings a voice is made from, and the preview call.
import { z } from 'zod';
import { ZRowId } from './ids.ts';
import { ZText } from './text.ts';

/** POST /api/voice/create: the sample text is capped so a preview stays quick. */
export const VOICE_TEXT_MAX_CHARS = 1000;
export const VOICE_DESCRIPTION_MAX_CHARS = 300;
/** Pitch in semitones from the voice's own, and speed as a multiple of its own. */
export const VOICE_PITCH_RANGE = { min: -12, max: 12 } as const;
export const VOICE_RATE_RANGE = { min: 0.5, max: 2 } as const;
export const VOICE_REQUIRED_MESSAGE = 'Text and voice description are required';

export const ZVoiceSettings = z.object({
  /** The engine's voice: a flite voice name, an OpenAI voice, or an ElevenLabs voice id. */
  voice: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/, 'voice must be a voice id'),
  pitch: z.number().min(VOICE_PITCH_RANGE.min).max(VOICE_PITCH_RANGE.max),
  rate: z.number().min(VOICE_RATE_RANGE.min).max(VOICE_RATE_RANGE.max),
});
export type TVoiceSettings = z.infer<typeof ZVoiceSettings>;

const required = (v: unknown) => (v === undefined || v === null ? '' : v);

export const ZVoiceCreateRequest = z.object({
  text: z.preprocess(
    required,
    ZText.trim()
      .min(1, VOICE_REQUIRED_MESSAGE)
      .max(VOICE_TEXT_MAX_CHARS, `Text is at most ${VOICE_TEXT_MAX_CHARS} characters`),
  ),
  voice_description: z.preprocess(
    required,
    ZText.trim()
      .min(1, VOICE_REQUIRED_MESSAGE)
      .max(
        VOICE_DESCRIPTION_MAX_CHARS,
        `A voice description is at most ${VOICE_DESCRIPTION_MAX_CHARS} characters`,
      ),
  ),
  /** The create page's controls: when given, the preview uses them instead of the description's mapping. */
  settings: ZVoiceSettings.optional(),
});

/** A voice the engine offers, for the create page's picker. */
export type TVoiceOption = { id: string; label: string };

/** GET /api/voice/voices: the engine's voices and the settings a description maps to. */
export type TVoiceCatalogue = {
  engine: TStoredVoiceSettings['engine'];
  voices: TVoiceOption[];
  /** What the description asked about maps to (the create page's controls start from it). */
  settings: TVoiceSettings;
  /** Whether recorded speech can be posted to /api/voice/transcribe. */
  canTranscribe: boolean;
};

export const ZVoiceSettingsQuery = z.object({
  description: z.preprocess(required, ZText.trim().max(VOICE_DESCRIPTION_MAX_CHARS)),
});

/** Settings as stored with a character: which engine they were made for (a voice id means nothing to another). */
export const ZStoredVoiceSettings = ZVoiceSettings.extend({
  engine: z.enum(['flite', 'openai', 'elevenlabs']),
});
export type TStoredVoiceSettings = z.infer<typeof ZStoredVoiceSettings>;

/** One sentence of a streamed reply's speech, sent as the `audio` event while the rest is written. */
export type TReplyAudio = { index: number; url: string; text: string };

/** POST /api/voice/speak: a message's speech on demand, in its character's voice. */
export const SPEAK_TEXT_MAX_CHARS = 5000;
export const ZSpeakRequest = z.object({
  characterId: ZRowId,
  text: ZText.trim()
    .min(1, 'Text is required')
    .max(SPEAK_TEXT_MAX_CHARS, `Text is at most ${SPEAK_TEXT_MAX_CHARS} characters`),
  /** When the message is a stored reply: its chat log and position, so its audio URL is kept with it (404 when it is not the person's). */
  hist: z.uuid().nullish(),
  position: z.number().int().min(0).nullish(),
});

export type TSpeakResponse = { audioUrl: string; audioUrlForCloudflare: string };
