// Reveals text one character per 20 ms (spec §9), following a target that grows as the reply streams in.
import { useEffect, useState } from 'react';
import { TYPING_MS_PER_CHAR } from '../../../shared/chat-limits.ts';

/** How many characters of `target` to show; `isInstant` shows all at once (a stopped reply). */
export function useTypewriter(target: string, isInstant: boolean): number {
  const [shown, setShown] = useState(0);
  const isBehind = !isInstant && shown < target.length;
  useEffect(() => {
    if (!isBehind) return;
    const timer = setInterval(() => setShown((n) => n + 1), TYPING_MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [isBehind]);
  return isInstant ? target.length : Math.min(shown, target.length);
}
