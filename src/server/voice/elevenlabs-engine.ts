// ElevenLabs: speech by voice id, and voice design from a description (the designed voice is kept).
import type { TVoiceSettings } from '../../shared/voice.ts';
import type { TEngineVoice, TVoiceEngine } from './types.ts';

/** Premade voices every account has, until a voice is designed for the character. */
const PREMADE_VOICES: TEngineVoice[] = [
  {
    id: '21m00Tcm4TlvDq8ikWAM',
    label: 'Rachel (female)',
    gender: 'female',
    register: 'mid',
    hasPitch: false,
  },
  {
    id: 'EXAVITQu4vr4xnSDxMaL',
    label: 'Sarah (female, soft)',
    gender: 'female',
    register: 'high',
    hasPitch: false,
  },
  {
    id: 'pNInz6obpgDQGcFmaJgB',
    label: 'Adam (male, deep)',
    gender: 'male',
    register: 'low',
    hasPitch: false,
  },
  { id: 'ErXwobaYiN019PkySvjV', label: 'Antoni (male)', gender: 'male', register: 'mid', hasPitch: false },
];

export type TElevenLabsConfig = { baseUrl: string; apiKey: string; model: string };

export function createElevenLabsEngine(config: TElevenLabsConfig): TVoiceEngine {
  const base = config.baseUrl.replace(/\/$/, '');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'xi-api-key': config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(90_000),
    });
    if (!res.ok) throw new Error(`ElevenLabs ${path} failed with ${res.status}`);
    return res;
  };
  const isPremade = (id: string) => PREMADE_VOICES.some((v) => v.id === id);
  // A description designed once per process is not designed (and paid for) again.
  const designed = new Map<string, Promise<string>>();

  const designVoice = async (description: string): Promise<string> => {
    const preview = await post('/v1/text-to-voice/design', {
      voice_description: description,
      auto_generate_text: true,
    });
    const { previews } = (await preview.json()) as { previews?: { generated_voice_id: string }[] };
    const generated = previews?.[0]?.generated_voice_id;
    if (!generated) throw new Error('ElevenLabs voice design returned no voice');
    const saved = await post('/v1/text-to-voice', {
      voice_name: `Kindred ${description.slice(0, 40)}`,
      voice_description: description,
      generated_voice_id: generated,
    });
    const { voice_id } = (await saved.json()) as { voice_id?: string };
    if (!voice_id) throw new Error('ElevenLabs kept no voice id');
    return voice_id;
  };

  return {
    id: 'elevenlabs',
    validator() {
      if (!config.apiKey) throw new Error('TTS_ENGINE=elevenlabs needs TTS_ELEVENLABS_API_KEY');
    },
    voices: () => PREMADE_VOICES,
    async design(description: string, settings: TVoiceSettings): Promise<TVoiceSettings> {
      if (!description.trim() || !isPremade(settings.voice)) return settings;
      const key = description.trim().toLowerCase();
      let voiceId = designed.get(key);
      if (!voiceId) {
        voiceId = designVoice(description.trim());
        designed.set(key, voiceId);
        voiceId.catch(() => designed.delete(key));
      }
      return { ...settings, voice: await voiceId };
    },
    async generate({ text, settings }) {
      const res = await post(
        `/v1/text-to-speech/${encodeURIComponent(settings.voice)}?output_format=mp3_44100_64`,
        {
          text,
          model_id: config.model,
          voice_settings: { speed: Math.min(1.2, Math.max(0.7, settings.rate)) },
        },
      );
      return { bytes: new Uint8Array(await res.arrayBuffer()), contentType: 'audio/mpeg' };
    },
    join: async (parts) => ({ bytes: Buffer.concat(parts.map((p) => p.bytes)), contentType: 'audio/mpeg' }),
    close: async () => {},
  };
}
