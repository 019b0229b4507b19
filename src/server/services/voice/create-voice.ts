// POST /api/voice/create: a voice sample from text and a description (or the create page's settings).
import type { TVoiceSettings } from '../../../shared/voice.ts';
import { settingsFor } from './character-voice.ts';
import { speakAndStore, type TVoiceDeps } from './voice-store.ts';

export async function createVoiceSample(
  deps: TVoiceDeps,
  input: { userId: number; text: string; voiceDescription: string; settings?: TVoiceSettings },
): Promise<{ bytes: Buffer; contentType: string; settings: TVoiceSettings }> {
  let settings = input.settings ?? settingsFor(deps.engine, input.voiceDescription);
  if (deps.engine.design) settings = await deps.engine.design(input.voiceDescription, settings);
  const stored = await speakAndStore(
    deps,
    { text: input.text, settings, description: input.voiceDescription },
    { userId: input.userId },
  );
  const bytes = stored.speech ? Buffer.from(stored.speech.bytes) : await deps.storage.read(stored.url);
  if (!bytes) throw new Error(`Stored speech ${stored.url} could not be read`);
  return { bytes, contentType: stored.contentType, settings };
}
