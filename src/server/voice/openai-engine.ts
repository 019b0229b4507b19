// OpenAI-compatible speech (/v1/audio/speech): the voice description goes in as `instructions`.
import type { TEngineVoice, TVoiceEngine } from './types.ts';

const OPENAI_VOICES: TEngineVoice[] = [
  { id: 'coral', label: 'coral (female)', gender: 'female', register: 'mid', hasPitch: false },
  { id: 'nova', label: 'nova (female, bright)', gender: 'female', register: 'high', hasPitch: false },
  { id: 'shimmer', label: 'shimmer (female, light)', gender: 'female', register: 'high', hasPitch: false },
  { id: 'sage', label: 'sage (female, low)', gender: 'female', register: 'low', hasPitch: false },
  { id: 'ash', label: 'ash (male)', gender: 'male', register: 'mid', hasPitch: false },
  { id: 'onyx', label: 'onyx (male, deep)', gender: 'male', register: 'low', hasPitch: false },
  { id: 'echo', label: 'echo (male, light)', gender: 'male', register: 'high', hasPitch: false },
  { id: 'alloy', label: 'alloy (neutral)', gender: 'neutral', register: 'mid', hasPitch: false },
];

export type TOpenAiSpeechConfig = { baseUrl: string; apiKey: string; model: string };

export function createOpenAiEngine(config: TOpenAiSpeechConfig): TVoiceEngine {
  const base = config.baseUrl.replace(/\/$/, '');
  return {
    id: 'openai',
    validator() {
      if (!config.apiKey) throw new Error('TTS_ENGINE=openai needs TTS_OPENAI_API_KEY');
    },
    voices: () => OPENAI_VOICES,
    async generate({ text, settings, description }) {
      const res = await fetch(`${base}/audio/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: config.model,
          voice: settings.voice,
          input: text,
          instructions: description || undefined,
          speed: settings.rate,
          response_format: 'mp3',
        }),
        signal: AbortSignal.timeout(60_000),
      });
      if (!res.ok) throw new Error(`OpenAI speech failed with ${res.status}`);
      return { bytes: new Uint8Array(await res.arrayBuffer()), contentType: 'audio/mpeg' };
    },
    // MP3 frames play one after another: the sentences' files joined are one file.
    join: async (parts) => ({ bytes: Buffer.concat(parts.map((p) => p.bytes)), contentType: 'audio/mpeg' }),
    close: async () => {},
  };
}
