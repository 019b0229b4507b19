// One audio clip at a time: play/stop toggles, and everything stops on leaving the screen or the page.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useAudio() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingKey, setPlayingKey] = useState<string | null>(null);

  const stop = useCallback(() => {
    audioRef.current?.pause();
    audioRef.current = null;
    setPlayingKey(null);
  }, []);

  const play = useCallback(
    (key: string, url: string) => {
      stop();
      const audio = new Audio(url);
      audioRef.current = audio;
      audio.onended = () => {
        if (audioRef.current === audio) stop();
      };
      setPlayingKey(key);
      audio.play().catch((error) => {
        console.error('Audio playback failed', error);
        if (audioRef.current === audio) stop();
      });
    },
    [stop],
  );

  const toggle = useCallback(
    (key: string, url: string) => (playingKey === key ? stop() : play(key, url)),
    [playingKey, play, stop],
  );

  useEffect(() => {
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [stop]);

  return { playingKey, play, toggle, stop };
}
