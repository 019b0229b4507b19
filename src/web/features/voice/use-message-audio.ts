// The play button of every character message: plays its audio, or speaks an old message on demand first.
import { useState } from 'react';
import type { TSpeakResponse } from '../../../shared/voice.ts';
import { api } from '../../lib/api.ts';

type TAudio = {
  playingKey: string | null;
  play(key: string, url: string): void;
  toggle(key: string, url: string): void;
  stop(): void;
};
type TMessage = { key: string; content: string; audioUrl: string | null; position?: number };

export function useMessageAudio(audio: TAudio, opts: { characterId: number; hist: string | null }) {
  // Speech made on demand here, by message key (the stored message keeps it too).
  const [spoken, setSpoken] = useState<Record<string, string>>({});
  const [speakingKey, setSpeakingKey] = useState<string | null>(null);

  const toggle = async (key: string, url: string, message?: TMessage) => {
    const known = url || spoken[key];
    if (known) return audio.toggle(key, known);
    if (!message || speakingKey === key) return;
    audio.stop();
    setSpeakingKey(key);
    try {
      const speech = await api<TSpeakResponse>('/api/voice/speak', {
        method: 'POST',
        json: {
          characterId: opts.characterId,
          text: message.content,
          hist: opts.hist,
          position: message.position ?? null,
        },
      });
      setSpoken((s) => ({ ...s, [key]: speech.audioUrlForCloudflare }));
      audio.play(key, speech.audioUrlForCloudflare);
    } catch (error) {
      console.error('Speaking the message failed', error);
    } finally {
      setSpeakingKey(null);
    }
  };

  return {
    toggle: (key: string, url: string, message?: TMessage) => void toggle(key, url, message),
    speakingKey,
  };
}
