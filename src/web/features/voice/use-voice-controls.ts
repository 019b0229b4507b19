// The create page's voice controls: the settings the description maps to, adjusted by the person.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TStoredVoiceSettings, TVoiceCatalogue, TVoiceSettings } from '../../../shared/voice.ts';
import { api } from '../../lib/api.ts';

export type TVoiceControls = ReturnType<typeof useVoiceControls>;

/** `initial`: a stored character's settings (the edit page), so its pitch and speed stay as chosen. */
export function useVoiceControls(
  voiceDescription: string,
  voiceId: string,
  initial?: TStoredVoiceSettings | null,
) {
  // The description is looked up once the person pauses typing.
  const [described, setDescribed] = useState(voiceDescription);
  useEffect(() => {
    const timer = setTimeout(() => setDescribed(voiceDescription.trim()), 300);
    return () => clearTimeout(timer);
  }, [voiceDescription]);
  const catalogue = useQuery({
    queryKey: ['voice-catalogue', described],
    queryFn: () => api<TVoiceCatalogue>(`/api/voice/voices?description=${encodeURIComponent(described)}`),
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // null: follow the description; a number: the person moved the slider.
  const [pitch, setPitch] = useState<number | null>(initial?.pitch ?? null);
  const [rate, setRate] = useState<number | null>(initial?.rate ?? null);

  const mapped = catalogue.data?.settings;
  const voices = catalogue.data?.voices ?? [];
  const known = voices.some((v) => v.id === voiceId.trim());
  const settings: TVoiceSettings | undefined = mapped && {
    voice: known ? voiceId.trim() : mapped.voice,
    pitch: pitch ?? mapped.pitch,
    rate: rate ?? mapped.rate,
  };
  const stored: TStoredVoiceSettings | null =
    settings && catalogue.data ? { ...settings, engine: catalogue.data.engine } : null;

  return {
    voices,
    mapped,
    settings,
    stored,
    setPitch,
    setRate,
    reset: () => {
      setPitch(null);
      setRate(null);
    },
  };
}
