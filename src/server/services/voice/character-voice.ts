// A character's voice for the configured engine: stored settings, else made from its voice description.
import type { TStoredVoiceSettings, TVoiceSettings } from '../../../shared/voice.ts';
import type { TDb } from '../../db/client.ts';
import { findCharacterVoice, setCharacterVoiceSettings } from '../../db/queries/voice.ts';
import { notFound } from '../../lib/errors.ts';
import { voiceSettingsFromDescription } from '../../voice/describe-voice.ts';
import type { TVoiceEngine } from '../../voice/types.ts';

export type TCharacterVoice = { settings: TVoiceSettings; description: string };

/** Settings for a description on this engine; a voice id the engine knows (the Voice field) wins. */
export function settingsFor(
  engine: TVoiceEngine,
  description: string,
  voiceId?: string | null,
): TVoiceSettings {
  const settings = voiceSettingsFromDescription(description, engine.voices());
  const named = voiceId?.trim();
  if (named && engine.voices().some((v) => v.id === named)) return { ...settings, voice: named };
  return settings;
}

/** Settings made for another engine mean nothing to this one (a flite name is no ElevenLabs id). */
export function storedFor(engine: TVoiceEngine, stored: TStoredVoiceSettings | null): TVoiceSettings | null {
  if (!stored || stored.engine !== engine.id) return null;
  const { engine: _engine, ...settings } = stored;
  // Designed voices (ElevenLabs) are ids of their own; the others must be one the engine offers.
  if (!engine.design && !engine.voices().some((v) => v.id === settings.voice)) return null;
  return settings;
}

export async function characterVoice(
  deps: { db: TDb; engine: TVoiceEngine },
  opts: { userId: number; characterId: number },
): Promise<TCharacterVoice> {
  const row = await findCharacterVoice(deps.db, opts);
  if (!row) throw notFound('Character');
  const description = row.voiceDescription?.trim() ?? '';
  const stored = storedFor(deps.engine, row.voiceSettings);
  let settings = stored ?? settingsFor(deps.engine, description, row.voiceId);
  if (deps.engine.design) {
    // A designed voice costs a call: it is kept with the character and reused from then on (design
    // leaves an already designed voice as it is, and replaces a premade one chosen on the create page).
    const designed = await deps.engine.design(description, settings);
    if (!stored || designed.voice !== settings.voice) {
      await setCharacterVoiceSettings(deps.db, {
        characterId: row.id,
        settings: { ...designed, engine: deps.engine.id },
      });
    }
    settings = designed;
  }
  return { settings, description };
}
