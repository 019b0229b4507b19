// /api/voice: voice samples (the create page's preview), the engine's voices, speech of a message on
// demand; /upload/transcribe: recorded speech to text when a transcription service is configured.
import { Hono } from 'hono';
import {
  type TVoiceCatalogue,
  ZSpeakRequest,
  ZVoiceCreateRequest,
  ZVoiceSettingsQuery,
} from '../../shared/voice.ts';
import { AppError } from '../lib/errors.ts';
import { formFile, parseJson, parseQuery, requireUser, type TAppEnv } from '../lib/http.ts';
import type { TSafety } from '../services/safety/crisis-care.ts';
import { settingsFor } from '../services/voice/character-voice.ts';
import { createVoiceSample } from '../services/voice/create-voice.ts';
import { speakMessage } from '../services/voice/speak-message.ts';
import { type TTranscriber, transcribe } from '../services/voice/transcribe.ts';
import type { TVoiceDeps } from '../services/voice/voice-store.ts';

export type TVoiceRouteDeps = TVoiceDeps & { transcriber: TTranscriber | null };

/** A recording of a spoken message: a minute of compressed speech is well under this. */
const RECORDING_MAX_BYTES = 4 * 1024 * 1024;

export function voiceRoutes(deps: TVoiceRouteDeps) {
  return new Hono<TAppEnv>()
    .get('/voices', (c) => {
      requireUser(c);
      const { description } = parseQuery(c, ZVoiceSettingsQuery);
      const catalogue: TVoiceCatalogue = {
        engine: deps.engine.id,
        voices: deps.engine.voices().map(({ id, label }) => ({ id, label })),
        settings: settingsFor(deps.engine, description),
        canTranscribe: deps.transcriber !== null,
      };
      return c.json(catalogue);
    })
    .post('/create', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, ZVoiceCreateRequest);
      const sample = await createVoiceSample(deps, {
        userId: user.id,
        text: body.text,
        voiceDescription: body.voice_description,
        settings: body.settings,
      });
      return c.body(new Uint8Array(sample.bytes), 200, {
        'Content-Type': sample.contentType,
        'Cache-Control': 'private, max-age=3600',
        'X-Voice-Settings': JSON.stringify(sample.settings),
      });
    })
    .post('/speak', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, ZSpeakRequest);
      return c.json(await speakMessage(deps, { userId: user.id, ...body }));
    });
}

export function transcribeRoutes(transcriber: TTranscriber | null, safety?: TSafety) {
  return new Hono<TAppEnv>().post('/', async (c) => {
    const user = requireUser(c);
    if (!transcriber) throw new AppError('not_found', 'Speech transcription is not configured');
    const file = await formFile(c, 'audio');
    if (file.size > RECORDING_MAX_BYTES) throw new AppError('payload_too_large', 'The recording is too long');
    const text = await transcribe(transcriber, file, file.name || 'speech.webm');
    // A voice message is checked like a typed one: a crisis shows its card as soon as the words are back.
    const crisis = safety ? await safety.checkText(user.id, text) : null;
    return c.json({ text, ...(crisis ? { crisis } : {}) });
  });
}
