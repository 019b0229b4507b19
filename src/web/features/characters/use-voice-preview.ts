// Plays a voice sample from /api/voice/create; one clip at a time, stopped on demand or on leaving.
import { useEffect, useRef, useState } from 'react';
import type { TVoiceSettings } from '../../../shared/voice.ts';

export type TVoicePreviewState = 'idle' | 'generating' | 'playing';

export function useVoicePreview() {
  const [state, setState] = useState<TVoicePreviewState>('idle');
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);

  const release = () => {
    audioRef.current?.pause();
    audioRef.current = null;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  };

  // Leaving the screen stops the sound (cleanup of a resource, so an effect).
  useEffect(
    () => () => {
      audioRef.current?.pause();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const stop = () => {
    release();
    setState('idle');
  };

  const preview = async (text: string, voiceDescription: string, settings?: TVoiceSettings) => {
    if (!text.trim() || !voiceDescription.trim()) {
      console.log('Text and voice description are required');
      return;
    }
    release();
    setState('generating');
    try {
      const res = await fetch('/api/voice/create', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, voice_description: voiceDescription, settings }),
      });
      if (!res.ok) throw new Error(`Voice preview failed with ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const audio = new Audio(url);
      audioRef.current = audio;
      urlRef.current = url;
      audio.onended = stop;
      await audio.play();
      setState('playing');
    } catch (error) {
      // Spec §8: voice preview failures go to the console only.
      console.error('Voice preview failed', error);
      release();
      setState('idle');
    }
  };

  return { state, preview, stop };
}
