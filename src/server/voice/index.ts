// Picks the text-to-speech engine from config (TTS_ENGINE), never from the chat model's settings.
import { ConfigError, type TConfig } from '../config.ts';
import { createElevenLabsEngine } from './elevenlabs-engine.ts';
import { createFliteEngine } from './flite-engine.ts';
import { createOpenAiEngine } from './openai-engine.ts';
import type { TVoiceEngine } from './types.ts';

export type { TVoiceEngine } from './types.ts';

export function createVoiceEngine(config: TConfig): TVoiceEngine {
  const engine =
    config.TTS_ENGINE === 'openai'
      ? createOpenAiEngine({
          baseUrl: config.TTS_OPENAI_BASE_URL,
          apiKey: config.TTS_OPENAI_API_KEY ?? '',
          model: config.TTS_OPENAI_MODEL,
        })
      : config.TTS_ENGINE === 'elevenlabs'
        ? createElevenLabsEngine({
            baseUrl: config.TTS_ELEVENLABS_BASE_URL,
            apiKey: config.TTS_ELEVENLABS_API_KEY ?? '',
            model: config.TTS_ELEVENLABS_MODEL,
          })
        : createFliteEngine({ threads: config.TTS_WORKERS });
  try {
    engine.validator();
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  return engine;
}
