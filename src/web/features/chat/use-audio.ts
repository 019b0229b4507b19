// One audio clip at a time: play/stop toggles, and everything stops on leaving the screen or the page.
// A reply being spoken as it streams is one clip made of parts played back to back (each loaded ahead).
import { useCallback, useEffect, useRef, useState } from 'react';

type TClip = {
  key: string;
  parts: HTMLAudioElement[];
  playing: HTMLAudioElement | null;
  /** No more parts will come (the reply is done, or it is a plain file). */
  isClosed: boolean;
};

/** Loads a clip ahead of its turn, so the next sentence starts without a gap. */
function load(url: string): HTMLAudioElement {
  const audio = new Audio(url);
  audio.preload = 'auto';
  return audio;
}

export function useAudio() {
  const clipRef = useRef<TClip | null>(null);
  // A streamed reply the person stopped stays stopped when more of its sentences arrive.
  const stoppedKeyRef = useRef<string | null>(null);
  const [playingKey, setPlayingKey] = useState<string | null>(null);

  const stop = useCallback(() => {
    const clip = clipRef.current;
    clipRef.current = null;
    if (clip) {
      stoppedKeyRef.current = clip.key;
      clip.playing?.pause();
      for (const part of clip.parts) part.src = '';
    }
    setPlayingKey(null);
  }, []);

  const playNext = useCallback(
    (clip: TClip) => {
      if (clipRef.current !== clip) return;
      const next = clip.parts.shift();
      clip.playing = next ?? null;
      if (!next) {
        if (clip.isClosed) stop();
        return;
      }
      next.onended = () => playNext(clip);
      next.play().catch((error) => {
        console.error('Audio playback failed', error);
        if (clipRef.current === clip) stop();
      });
    },
    [stop],
  );

  const start = useCallback(
    (key: string, url: string, isClosed: boolean) => {
      stop();
      stoppedKeyRef.current = null;
      const clip: TClip = { key, parts: [load(url)], playing: null, isClosed };
      clipRef.current = clip;
      setPlayingKey(key);
      playNext(clip);
    },
    [stop, playNext],
  );

  const play = useCallback((key: string, url: string) => start(key, url, true), [start]);

  /** The next sentence of a reply being spoken: it plays when the one before it ends. */
  const enqueue = useCallback(
    (key: string, url: string) => {
      const clip = clipRef.current;
      if (clip?.key !== key) {
        if (stoppedKeyRef.current !== key) start(key, url, false);
        return;
      }
      clip.parts.push(load(url));
      if (!clip.playing) playNext(clip);
    },
    [start, playNext],
  );

  /** The reply is done: its clip ends after the last sentence already queued. */
  const finish = useCallback(
    (key: string) => {
      const clip = clipRef.current;
      if (clip?.key !== key) return;
      clip.isClosed = true;
      if (!clip.playing && clip.parts.length === 0) stop();
    },
    [stop],
  );

  const toggle = useCallback(
    (key: string, url: string) => (playingKey === key ? stop() : play(key, url)),
    [playingKey, play, stop],
  );

  useEffect(() => {
    window.addEventListener('pagehide', stop);
    window.addEventListener('beforeunload', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      window.removeEventListener('beforeunload', stop);
      stop();
    };
  }, [stop]);

  return { playingKey, play, enqueue, finish, toggle, stop };
}
